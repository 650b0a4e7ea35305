import { useRef, type KeyboardEvent } from 'react';
import type { ViewId } from '../../../shared/settings.ts';
import { altDigitOf } from '../navigation/shell-commands.ts';
import { useViews } from '../navigation/views-context.ts';

/** Props of the navigation rail. */
export interface NavRailProps {
  active: ViewId;
  onNavigate: (view: ViewId) => void;
}

/** The left navigation rail; arrow keys move between views, Enter or Space opens one. Each shows its Alt digit (1…9, then 0). */
export function NavRail({ active, onNavigate }: NavRailProps) {
  const views = useViews();
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const focusAt = (index: number): void => {
    const count = views.length;
    buttons.current[(index + count) % count]?.focus();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number): void => {
    const moves: Record<string, number> = { ArrowDown: index + 1, ArrowUp: index - 1, Home: 0, End: views.length - 1 };
    const target = moves[event.key];
    if (target !== undefined) {
      focusAt(target);
      event.preventDefault();
    }
  };
  return (
    <nav className="nav-rail" aria-label="Views">
      <ul role="tablist" aria-orientation="vertical">
        {views.map((view, index) => {
          const digit = altDigitOf(index);
          return (
            <li key={view.id} role="presentation">
              <button
                ref={(element) => {
                  buttons.current[index] = element;
                }}
                role="tab"
                type="button"
                id={`nav-${view.id}`}
                aria-selected={view.id === active}
                aria-controls="main-view"
                tabIndex={view.id === active ? 0 : -1}
                className={view.id === active ? 'nav-item active' : 'nav-item'}
                title={`${view.label} — ${view.summary} (g ${view.goKey}${digit === undefined ? '' : `, Alt+${digit}`})`}
                onClick={() => onNavigate(view.id)}
                onKeyDown={(event) => onKeyDown(event, index)}
              >
                <span className="nav-icon" aria-hidden="true">
                  {view.icon}
                </span>
                <span className="nav-label">{view.label}</span>
                {digit !== undefined && (
                  <kbd className="nav-key" aria-hidden="true">
                    {digit}
                  </kbd>
                )}
              </button>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
