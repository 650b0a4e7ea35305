import { useState, type ChangeEvent, type KeyboardEvent } from 'react';

/** Reads "250k", "1.5M", "0.5" or "" (empty); null for text that is not such a number. */
export function readFieldNumber(raw: string): number | 'empty' | null {
  const trimmed = raw.trim().replaceAll(',', '').replaceAll('_', '');
  if (trimmed === '') return 'empty';
  const scaled = /^([0-9.]+)([kKmM])$/.exec(trimmed);
  const number = scaled === null ? Number(trimmed) : Number(scaled[1]) * ((scaled[2] ?? '').toLowerCase() === 'k' ? 1e3 : 1e6);
  return Number.isFinite(number) ? number : null;
}

/** What a committed number field is given. */
export interface CommittedNumberOptions {
  value: number | null;
  /** A value it accepts; others are shown as invalid and not committed. */
  valid: (value: number) => boolean;
  /** Whether emptying it commits null (back to automatic). */
  allowEmpty: boolean;
  onCommit: (value: number | null) => void;
}

/** The input's state and handlers, and whether what is typed is refused. */
export interface CommittedNumber {
  invalid: boolean;
  input: {
    value: string;
    onChange: (event: ChangeEvent<HTMLInputElement>) => void;
    onBlur: () => void;
    onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => void;
  };
}

/**
 * A number typed in a field and committed with Enter or on leaving it (Escape restores it; both
 * leave the field, so the view's keys work again): typing does not start a computation per key.
 */
export function useCommittedNumber({ value, valid, allowEmpty, onCommit }: CommittedNumberOptions): CommittedNumber {
  const [text, setText] = useState<string | null>(null);
  const read = (raw: string): { ok: true; value: number | null } | { ok: false } => {
    const number = readFieldNumber(raw);
    if (number === 'empty') return allowEmpty ? { ok: true, value: null } : { ok: false };
    return number !== null && valid(number) ? { ok: true, value: number } : { ok: false };
  };
  const commit = (): void => {
    if (text === null) return;
    const result = read(text);
    if (!result.ok) return;
    setText(null);
    if (result.value !== value) onCommit(result.value);
  };
  return {
    invalid: text !== null && !read(text).ok,
    input: {
      value: text ?? (value === null ? '' : String(value)),
      onChange: (event) => setText(event.target.value),
      onBlur: commit,
      onKeyDown: (event) => {
        if (event.key === 'Enter') {
          commit();
          event.currentTarget.blur();
        } else if (event.key === 'Escape') {
          setText(null);
          event.currentTarget.blur();
        }
      },
    },
  };
}
