import { useCommittedNumber } from '../../hooks/use-committed-number.ts';

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
  const field = useCommittedNumber({ value, valid, allowEmpty, onCommit });
  return (
    <label className="research-field">
      <span className="research-field-label">{label}</span>
      <input type="text" inputMode="decimal" {...field.input} placeholder={placeholder} aria-invalid={field.invalid} data-testid={testId} spellCheck={false} />
      {suffix !== undefined && <span className="muted">{suffix}</span>}
      {field.invalid && (
        <span className="research-field-problem" role="alert">
          {problem}
        </span>
      )}
    </label>
  );
}
