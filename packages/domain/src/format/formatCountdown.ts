const pad = (n: number): string => String(n).padStart(2, '0');

/**
 * Remaining time as '2h 05m', '4m 09s' or '9s'; seconds are hidden once there are hours.
 * Fractions are dropped and anything negative or not finite shows '0s'.
 */
export function formatCountdown(totalSeconds: number): string {
  const total = Number.isFinite(totalSeconds) && totalSeconds > 0 ? Math.floor(totalSeconds) : 0;
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  if (hours > 0) return `${hours}h ${pad(minutes)}m`;
  if (minutes > 0) return `${minutes}m ${pad(seconds)}s`;
  return `${seconds}s`;
}
