import { useState } from 'react';

/** Props of a committed number field. */
export interface NumberFieldProps {
  label: string;
  value: number | null;
  /** Shown while empty (an automatic value). */
  placeholder?: string;
  /** A value it accepts; others show `problem` and are not committed. */
  valid: (value: number) => boolean;
  problem: string;
  /** null: the field was emptied (back to automatic), when `allowEmpty`. */
  onCommit: (value: number | null) => void;
  allowEmpty?: boolean;
  suffix?: string;
  testId?: string;
}

/**
 * A small number field committed with Enter or on leaving it (Escape restores it; both leave the
 * field, so the view's keys work again), so typing a
 * value does not start a computation per keystroke. A value it refuses says why, in place.
 */
export function NumberField({ label, value, placeholder, valid, problem, onCommit, allowEmpty = false, suffix, testId }: NumberFieldProps) {
  const [text, setText] = useState<string | null>(null);
  const shown = text ?? (value === null ? '' : String(value));
  const read = (raw: string): { ok: true; value: number | null } | { ok: false } => {
    const trimmed = raw.trim().replaceAll(',', '').replaceAll('_', '');
    if (trimmed === '') return allowEmpty ? { ok: true, value: null } : { ok: false };
    const scaled = /^([0-9.]+)([kKmM])$/.exec(trimmed);
    const number = scaled === null ? Number(trimmed) : Number(scaled[1]) * ((scaled[2] ?? '').toLowerCase() === 'k' ? 1e3 : 1e6);
    return Number.isFinite(number) && valid(number) ? { ok: true, value: number } : { ok: false };
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
    <label className="research-field">
      <span className="research-field-label">{label}</span>
      <input
        type="text"
        inputMode="decimal"
        value={shown}
        placeholder={placeholder}
        aria-invalid={current !== null && !current.ok}
        onChange={(event) => setText(event.target.value)}
        onBlur={commit}
        onKeyDown={(event) => {
          // Enter commits and hands the keys back to the view (1–5 switch panels again).
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
      {suffix !== undefined && <span className="muted">{suffix}</span>}
      {current !== null && !current.ok && (
        <span className="research-field-problem" role="alert">
          {problem}
        </span>
      )}
    </label>
  );
}
