/** What a second launch needs of the app's main window (a `BrowserWindow` has all of it). */
export interface FocusableWindow {
  isDestroyed(): boolean;
  isMinimized(): boolean;
  restore(): void;
  show(): void;
  focus(): void;
}

/**
 * The `second-instance` handler: a second launch brings the existing window to the front
 * (restored if minimized, shown, focused) instead of opening another. A window is opened only
 * when there is none left to show.
 */
export function secondInstanceHandler(currentWindow: () => FocusableWindow | null, openWindow: () => void): () => void {
  return () => {
    const window = currentWindow();
    if (window === null || window.isDestroyed()) {
      openWindow();
      return;
    }
    if (window.isMinimized()) window.restore();
    window.show();
    window.focus();
  };
}
