import { useCommittedNumber } from '../../../hooks/use-committed-number.ts';

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

/**
 * A compact number field committed with Enter or on leaving it (Escape restores it; both hand the
 * keys back to the chart), empty for automatic. A value it refuses says why, in place, and is not
 * committed.
 */
export function ModeField({ label, value, auto, valid, problem, onCommit, title, testId }: ModeFieldProps) {
  const field = useCommittedNumber({ value, valid, allowEmpty: true, onCommit });
  return (
    <label className="mode-field" title={title}>
      <span className="toolbar-label">{label}</span>
      <input type="text" inputMode="decimal" {...field.input} placeholder={auto === null ? 'auto' : `auto ${auto}`} aria-invalid={field.invalid} data-testid={testId} spellCheck={false} />
      {field.invalid && (
        <span className="mode-field-problem" role="alert">
          {problem}
        </span>
      )}
    </label>
  );
}
