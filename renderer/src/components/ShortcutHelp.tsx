import { useEffect, useRef } from 'react';
import { useUiStore } from '../stores/ui-store.ts';
import { viewEntries } from '../views/view-registry.ts';

/** The keyboard shortcut sheet, opened with `?` and closed with Escape. */
export function ShortcutHelp() {
  const open = useUiStore((state) => state.shortcutHelpOpen);
  const setOpen = useUiStore((state) => state.setShortcutHelpOpen);
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (element === null) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);
  return (
    <dialog ref={dialog} className="shortcut-help" aria-labelledby="shortcut-title" onClose={() => setOpen(false)}>
      <h2 id="shortcut-title">Keyboard shortcuts</h2>
      <table>
        <tbody>
          {viewEntries.map((view, index) => (
            <tr key={view.id}>
              <td>
                <kbd>g</kbd> <kbd>{view.goKey}</kbd> or <kbd>Alt</kbd>+<kbd>{index + 1}</kbd>
              </td>
              <td>{view.label}</td>
            </tr>
          ))}
          <tr>
            <td>
              <kbd>Ctrl</kbd>+<kbd>,</kbd>
            </td>
            <td>Settings</td>
          </tr>
          <tr>
            <td>
              <kbd>↑</kbd> <kbd>↓</kbd> in the rail
            </td>
            <td>Move between views</td>
          </tr>
          <tr>
            <td>
              <kbd>/</kbd>
            </td>
            <td>Search the view</td>
          </tr>
          <tr>
            <td>
              <kbd>?</kbd> / <kbd>Esc</kbd>
            </td>
            <td>Show / hide this sheet</td>
          </tr>
        </tbody>
      </table>
      <button type="button" className="button" onClick={() => setOpen(false)}>
        Close
      </button>
    </dialog>
  );
}
