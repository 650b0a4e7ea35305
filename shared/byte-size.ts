/** A byte count as people read it, three significant digits, powers of 1000 as disks are sold: `812 B`, `4.20 KB`, `18.6 MB`, `1.21 GB`. */
export function formatBytes(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB', 'TB'] as const;
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length) {
    value /= 1000;
    unit++;
  }
  return `${value >= 100 ? value.toFixed(0) : value >= 10 ? value.toFixed(1) : value.toFixed(2)} ${units[unit - 1] ?? 'B'}`;
}
