import { Fragment } from 'react';
import { keyCapLabel, keySteps, shortcutSectionsOf } from '../navigation/shortcut-registry.ts';
import { useViews } from '../navigation/views-context.ts';
import { useUiStore } from '../stores/ui-store.ts';
import './shortcuts.css';
import { dialogStoreHandlers, useStoreDialog } from '../hooks/use-store-dialog.ts';

/** Whether the keyboard is a Mac's (⌘ instead of Ctrl). */
export function isMacPlatform(): boolean {
  return /Mac|iPhone|iPad/.test(navigator.userAgent);
}

/** One or more shortcuts as key caps: `Mod+K` → [Ctrl]+[K], `g c` → [g] [c]; alternatives split by a thin bar. */
export function ShortcutKeys({ keys }: { keys: readonly string[] }) {
  const mac = isMacPlatform();
  return (
    <span className="shortcut-keys">
      {keys.map((shortcut, index) => (
        <Fragment key={shortcut}>
          {index > 0 && <span className="shortcut-or" aria-hidden="true" />}
          <span className="shortcut" aria-label={keySteps(shortcut).map((step) => step.map((key) => keyCapLabel(key, mac)).join('+')).join(' then ')}>
            {keySteps(shortcut).map((step, stepIndex) => (
              <span key={stepIndex} className="shortcut-step" aria-hidden="true">
                {step.map((key, keyIndex) => (
                  <Fragment key={keyIndex}>
                    {keyIndex > 0 && <span className="shortcut-plus">+</span>}
                    <kbd>{keyCapLabel(key, mac)}</kbd>
                  </Fragment>
                ))}
              </span>
            ))}
          </span>
        </Fragment>
      ))}
    </span>
  );
}

/** The keyboard shortcut sheet, opened with `?` and closed with Escape: the shell's keys, the palette's, and each view's. */
export function ShortcutHelp() {
  const views = useViews();
  const open = useUiStore((state) => state.shortcutHelpOpen);
  const setOpen = useUiStore((state) => state.setShortcutHelpOpen);
  // The list takes focus rather than the Close button, so that arrows and PgDn scroll it.
  const dialog = useStoreDialog(open, '.shortcut-sections');
  return (
    <dialog
      ref={dialog}
      className="shortcut-sheet"
      aria-labelledby="shortcut-title"
      {...dialogStoreHandlers(() => setOpen(false))}
      onClick={(event) => {
        if (event.target === dialog.current) setOpen(false);
      }}
    >
      <header className="shortcut-sheet-header">
        <h2 id="shortcut-title">Keyboard shortcuts</h2>
        <span className="muted">Keys are ignored while typing in a field, except Ctrl/⌘ and Alt+digit combinations.</span>
        <button type="button" className="button" onClick={() => setOpen(false)}>
          Close
        </button>
      </header>
      <div className="shortcut-sections" tabIndex={-1}>
        {shortcutSectionsOf(views).map((section) => (
          <section key={section.id} className="shortcut-section" aria-labelledby={`shortcuts-${section.id}`}>
            <h3 id={`shortcuts-${section.id}`}>
              {section.title} <span className="shortcut-scope">{section.scope}</span>
            </h3>
            <table>
              <tbody>
                {section.entries.map((entry) => (
                  <tr key={entry.does}>
                    <td>
                      <ShortcutKeys keys={entry.keys} />
                    </td>
                    <td>{entry.does}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        ))}
      </div>
    </dialog>
  );
}
