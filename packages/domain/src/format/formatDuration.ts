/**
 * Dwell and waiting times (spec 001 §9): hours, minutes and seconds, the seconds dropped once there
 * are hours (the minutes are then rounded to the nearest one), zero parts left out, "0" for zero
 * and "-" for a missing or non-finite value. Negative durations keep their sign.
 */
export function formatDuration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds)) return '-';
  const sign = seconds < 0 ? '-' : '';
  let total = Math.round(Math.abs(seconds));
  if (total === 0) return '0';
  if (total >= 3600) {
    total = Math.round(total / 60) * 60;
    const h = Math.floor(total / 3600);
    const m = Math.floor((total % 3600) / 60);
    return sign + [`${h}h`, m > 0 ? `${m}m` : ''].filter(Boolean).join(' ');
  }
  const m = Math.floor(total / 60);
  const s = total % 60;
  return sign + [m > 0 ? `${m}m` : '', s > 0 ? `${s}s` : ''].filter(Boolean).join(' ');
}
