/** JSON text of a number, exactly as JSON.stringify writes it: null for NaN and the infinities. */
export function jsonNumberText(value: number): string {
  return Number.isFinite(value) ? String(value) : 'null';
}
