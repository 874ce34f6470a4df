const parts = new Map<string, { unit: (unit: 'hour' | 'minute' | 'second', value: number) => string; list: (items: string[]) => string }>();

/** Narrow unit formats of a language ("12m", "12min", "12 Min.", "12 د") and its way to list them. */
function partsOf(locale: string) {
  let found = parts.get(locale);
  if (!found) {
    let lang = locale;
    try {
      new Intl.NumberFormat(lang);
    } catch {
      lang = 'en';
    }
    const units = new Map((['hour', 'minute', 'second'] as const).map((u) => [u, new Intl.NumberFormat(lang, { style: 'unit', unit: u, unitDisplay: 'narrow' })]));
    const list = new Intl.ListFormat(lang, { type: 'unit', style: 'narrow' });
    found = { unit: (unit, value) => units.get(unit)!.format(value), list: (items) => list.format(items) };
    parts.set(locale, found);
  }
  return found;
}

/**
 * Dwell and waiting times (spec 001 §9): hours, minutes and seconds, the seconds dropped once there
 * are hours (the minutes are then rounded to the nearest one), zero parts left out, "0" for zero
 * and "-" for a missing or non-finite value. Negative durations keep their sign. Units are the
 * language's own narrow ones (en "12m 14s", fr "12min 14s", de "12 Min., 14 Sek.").
 */
export function formatDuration(seconds: number | null | undefined, locale = 'en'): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds)) return '-';
  const sign = seconds < 0 ? '-' : '';
  let total = Math.round(Math.abs(seconds));
  if (total === 0) return '0';
  const { unit, list } = partsOf(locale);
  if (total >= 3600) {
    total = Math.round(total / 60) * 60;
    const h = Math.floor(total / 3600);
    const m = Math.floor((total % 3600) / 60);
    return sign + list([unit('hour', h), ...(m > 0 ? [unit('minute', m)] : [])]);
  }
  const m = Math.floor(total / 60);
  const s = total % 60;
  return sign + list([...(m > 0 ? [unit('minute', m)] : []), ...(s > 0 ? [unit('second', s)] : [])]);
}
