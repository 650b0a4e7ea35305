import { useState } from 'react';

/** Props of a small number field of the chart-mode controls. */
export interface ModeFieldProps {
  label: string;
  /** The value set by the user, or null for automatic. */
  value: number | null;
  /** The automatic value, shown while the field is empty ("auto (5)"). */
  auto: string | null;
  valid: (value: number) => boolean;
  /** What a refused value must be, shown in place. */
  problem: string;
  /** null: emptied, back to automatic. */
  onCommit: (value: number | null) => void;
  title: string;
  testId: string;
}

/** Reads "250k", "1.5M", "0.5" or "" (automatic); null for text that is not such a number. */
export function readFieldNumber(raw: string): number | 'auto' | null {
  const trimmed = raw.trim().replaceAll(',', '').replaceAll('_', '');
  if (trimmed === '') return 'auto';
  const scaled = /^([0-9.]+)([kKmM])$/.exec(trimmed);
  const number = scaled === null ? Number(trimmed) : Number(scaled[1]) * ((scaled[2] ?? '').toLowerCase() === 'k' ? 1e3 : 1e6);
  return Number.isFinite(number) ? number : null;
}

/**
 * A compact number field committed with Enter or on leaving it (Escape restores it; both hand the
 * keys back to the chart), empty for automatic. A value it refuses says why, in place, and is not
 * committed.
 */
export function ModeField({ label, value, auto, valid, problem, onCommit, title, testId }: ModeFieldProps) {
  const [text, setText] = useState<string | null>(null);
  const shown = text ?? (value === null ? '' : String(value));
  const read = (raw: string): { ok: true; value: number | null } | { ok: false } => {
    const number = readFieldNumber(raw);
    if (number === 'auto') return { ok: true, value: null };
    return number !== null && valid(number) ? { ok: true, value: number } : { ok: false };
  };
  const current = text === null ? null : read(text);
  const commit = (): void => {
    if (text === null) return;
    const result = read(text);
    if (!result.ok) return;
    setText(null);
    if (result.value !== value) onCommit(result.value);
  };
  return (
    <label className="mode-field" title={title}>
      <span className="toolbar-label">{label}</span>
      <input
        type="text"
        inputMode="decimal"
        value={shown}
        placeholder={auto === null ? 'auto' : `auto ${auto}`}
        aria-invalid={current !== null && !current.ok}
        onChange={(event) => setText(event.target.value)}
        onBlur={commit}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            commit();
            event.currentTarget.blur();
          } else if (event.key === 'Escape') {
            setText(null);
            event.currentTarget.blur();
          }
        }}
        data-testid={testId}
        spellCheck={false}
      />
      {current !== null && !current.ok && (
        <span className="mode-field-problem" role="alert">
          {problem}
        </span>
      )}
    </label>
  );
}
