/** The zones that are UTC itself: their CLDR name is an offset ("GMT+00:00"), "UTC" reads better. */
const UTC_ZONES = new Set(['UTC', 'Etc/UTC', 'Etc/UCT', 'Etc/Universal', 'Etc/Zulu', 'UCT', 'Universal', 'Zulu']);

/**
 * A time zone's name in a language, as people say it rather than its IANA id: "Central European
 * Time" for Europe/Paris in English, "heure d’Europe centrale" in French (the runtime's CLDR
 * generic name, the same in summer and winter, read as of `at`: a zone's CLDR name can change over
 * the years). "UTC" for UTC; the IANA id itself when the runtime cannot name it (an unknown zone or
 * language tag).
 */
export function timeZoneDisplayName(zone: string, lang: string, at: number): string {
  if (UTC_ZONES.has(zone)) return 'UTC';
  try {
    const part = new Intl.DateTimeFormat(lang, { timeZone: zone, timeZoneName: 'longGeneric' }).formatToParts(at).find((p) => p.type === 'timeZoneName');
    return part?.value || zone;
  } catch {
    return zone;
  }
}

/**
 * The zone's name with its IANA id in parentheses, where the id helps who set the site up
 * ("Central European Time (Europe/Paris)"); the id alone when the runtime has no other name for it.
 */
export function timeZoneLabel(zone: string, lang: string, at: number): string {
  const name = timeZoneDisplayName(zone, lang, at);
  return name === zone ? zone : `${name} (${zone})`;
}
