const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

/** Sizes in a 1024 base: whole bytes below 1 KB, one decimal from KB up to TB. */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes)) return '-';
  const sign = bytes < 0 ? '-' : '';
  let value = Math.abs(bytes);
  if (value < 1024) return `${sign}${Math.round(value)} B`;
  let unit = 0;
  // Divide while another unit exists and the rounded figure would read 1024.0 or more.
  while (unit < UNITS.length - 1 && Number(value.toFixed(unit === 0 ? 0 : 1)) >= 1024) {
    value /= 1024;
    unit += 1;
  }
  return `${sign}${value.toFixed(1)} ${UNITS[unit]}`;
}
