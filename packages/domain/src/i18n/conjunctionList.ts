/**
 * Items listed as the language does with "and" ("Visitors in and Visitors out", "entrées et sorties",
 * "الداخلون والخارجون": never a Latin comma in Arabic), from the runtime's locale data. For a list
 * without "and" (a site's "City, Country") the web uses the catalogue's separator (joinList).
 */
export const conjunctionList = (lang: string, items: readonly string[]): string => new Intl.ListFormat(lang, { type: 'conjunction' }).format(items);
