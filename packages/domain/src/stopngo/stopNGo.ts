import { type Language, isLanguage } from '../i18n/languages.ts';

/** What an entrance screen shows: come in, wait, or no limit in force (Stop&Go is off). */
export type StopNGoState = 'GO' | 'STOP' | 'OFF';

export interface Occupancy {
  /** People inside now: the engine's "inside" of the site's current business day. */
  inside: number;
  /** The limit in force, or null when none is (no limit set, or the event is not running). */
  limit: number | null;
}

export interface OccupancyVerdict extends Occupancy {
  state: StopNGoState;
  /** Places left before the limit; 0 when full or over it; null without a limit. */
  placesLeft: number | null;
}

/** Stop once the limit is reached: at the limit, the next visitor would be one too many. */
export function stopNGoVerdict({ inside, limit }: Occupancy): OccupancyVerdict {
  const people = Math.max(0, Math.round(inside));
  if (limit === null) return { inside: people, limit, state: 'OFF', placesLeft: null };
  return { inside: people, limit, state: people >= limit ? 'STOP' : 'GO', placesLeft: Math.max(0, limit - people) };
}

/**
 * How the product is named in each language, everywhere (menu, page and screen titles, help, alerts,
 * e-mails): "Stop&Go" in the Latin-script languages; in Arabic its meaning in Arabic script, "قف وادخل"
 * ("stop, and come in"), which the screen's own words (قِف, تفضّلوا) echo; in a sentence it stands in «».
 */
export const STOPNGO_NAME: Record<Language, string> = { en: 'Stop&Go', fr: 'Stop&Go', de: 'Stop&Go', es: 'Stop&Go', it: 'Stop&Go', ar: 'قف وادخل' };

/** Largest limit accepted: more people than any building holds, so a typo is caught. */
export const STOPNGO_LIMIT_MAX = 100_000;
export const SCREEN_NAME_MAX = 80;

/** A screen's stream sends its figures at least this often, so a display can tell a live link from a dead one. */
export const SCREEN_HEARTBEAT_MS = 10_000;
/** A display with no news for this long says the connection is lost instead of showing a stale state. */
export const SCREEN_STALE_AFTER_MS = 30_000;
/** A display told its screen was removed checks again after this, then twice as long each time, up to the max. */
export const SCREEN_RECHECK_FIRST_MS = 5_000;
export const SCREEN_RECHECK_MAX_MS = 5 * 60_000;
/** A screen is active while a display reported within this window (a few missed heartbeats tolerated). */
export const SCREEN_PRESENCE_TTL_MS = 30_000;

export type FieldCheck = { ok: true } | { ok: false; reason: string };

/** A limit is a whole number of visitors inside, at least 1. */
export function checkStopNGoLimit(limit: unknown): FieldCheck {
  if (typeof limit !== 'number' || !Number.isInteger(limit)) return { ok: false, reason: 'notWholeNumber' };
  if (limit < 1) return { ok: false, reason: 'tooSmall' };
  if (limit > STOPNGO_LIMIT_MAX) return { ok: false, reason: 'tooLarge' };
  return { ok: true };
}

export function checkScreenName(name: string): FieldCheck {
  const trimmed = name.trim();
  if (trimmed.length === 0) return { ok: false, reason: 'required' };
  if ([...trimmed].length > SCREEN_NAME_MAX) return { ok: false, reason: 'tooLong' };
  return { ok: true };
}

/** A screen speaks one language, or two that differ. */
export function checkScreenLanguages(language: unknown, secondLanguage: unknown): { ok: true } | { ok: false; field: string; reason: string } {
  if (!isLanguage(language)) return { ok: false, field: 'language', reason: 'unknownLanguage' };
  if (secondLanguage == null || secondLanguage === '') return { ok: true };
  if (!isLanguage(secondLanguage)) return { ok: false, field: 'secondLanguage', reason: 'unknownLanguage' };
  if (secondLanguage === language) return { ok: false, field: 'secondLanguage', reason: 'sameAsFirst' };
  return { ok: true };
}

/** Whether an event is running at `now`: begun, and not ended unless it never ends. */
export function eventInForce(event: { neverEnding: boolean; dateBegin: Date | string; dateEnd: Date | string | null }, now: number): boolean {
  if (new Date(event.dateBegin).getTime() > now) return false;
  return event.neverEnding || event.dateEnd === null || new Date(event.dateEnd).getTime() > now;
}

// Country names as sites carry them (in English or their own language) and ISO codes.
const COUNTRY_LANGUAGES: Record<string, Language> = {
  fr: 'fr', france: 'fr', belgium: 'fr', belgique: 'fr', luxembourg: 'fr', monaco: 'fr', senegal: 'fr', 'côte d’ivoire': 'fr',
  it: 'it', italy: 'it', italia: 'it', 'san marino': 'it',
  de: 'de', germany: 'de', deutschland: 'de', at: 'de', austria: 'de', österreich: 'de',
  es: 'es', spain: 'es', españa: 'es', mexico: 'es', méxico: 'es', argentina: 'es', colombia: 'es', chile: 'es', peru: 'es',
  ma: 'ar', morocco: 'ar', dz: 'ar', algeria: 'ar', tn: 'ar', tunisia: 'ar', eg: 'ar', egypt: 'ar', ae: 'ar',
  'united arab emirates': 'ar', sa: 'ar', 'saudi arabia': 'ar', qa: 'ar', qatar: 'ar', jo: 'ar', jordan: 'ar', lb: 'ar', lebanon: 'ar',
  kw: 'ar', kuwait: 'ar', om: 'ar', oman: 'ar', bh: 'ar', bahrain: 'ar',
};

/** The language a site's entrance screen speaks by default: its country's, else the given one. */
export function siteLanguage(country: string | null | undefined, otherwise: Language): Language {
  return COUNTRY_LANGUAGES[(country ?? '').trim().toLowerCase()] ?? otherwise;
}
