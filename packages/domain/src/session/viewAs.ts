/** A view-as session lasts this long and is never extended (spec 000 §2 "View-as session"). */
export const VIEW_AS_MINUTES = 60;

export interface Countdown {
  hours: number;
  minutes: number;
  /** Null once there are hours: the bar shows hours and minutes only. */
  seconds: number | null;
}

/** The time left before `expiresAtMs`, never negative, rounded up to the second. */
export function viewAsCountdown(expiresAtMs: number, nowMs: number): Countdown {
  const total = Math.max(0, Math.ceil((expiresAtMs - nowMs) / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  return { hours, minutes, seconds: hours > 0 ? null : total % 60 };
}
