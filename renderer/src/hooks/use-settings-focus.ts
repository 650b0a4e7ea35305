import { useEffect, type RefObject } from 'react';
import { useUiStore, type SettingsSection } from '../stores/ui-store.ts';

/**
 * Focuses (and scrolls to) a Settings section's element when another view sent the user there
 * for it, then clears the request so it happens once.
 */
export function useSettingsFocus(section: SettingsSection, target: RefObject<HTMLElement | null>, ready: boolean): void {
  const requested = useUiStore((state) => state.settingsFocus === section);
  const clear = useUiStore((state) => state.clearSettingsFocus);
  useEffect(() => {
    if (!requested || !ready || target.current === null) return;
    target.current.scrollIntoView({ block: 'nearest' });
    target.current.focus();
    clear();
  }, [requested, ready, target, clear]);
}
