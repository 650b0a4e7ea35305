/** A span id in words for sentences: `10m` → `10 minutes`, `1h` → `hour`, `24h` → `24 hours`, `7d` → `7 days`. */
export function spanInWords(span: string | null): string {
  const match = span === null ? null : /^(\d+)([mhd])$/.exec(span);
  if (match === null) return 'range';
  const count = Number(match[1]);
  const unit = match[2] === 'm' ? 'minute' : match[2] === 'h' ? 'hour' : 'day';
  return count === 1 ? unit : `${count} ${unit}s`;
}
