/**
 * The form a text is compared in by every search box, so that a user finds what they meant without
 * typing accents or capitals: "ete" finds "Été en fête", "strasse" finds "Straße", "محمد" finds
 * "مُحَمَّد" and "احمد" finds "أحمد". The same for every user whatever their language or their
 * browser's locale (a Turkish system locale must not turn "I" into "ı"), on the server and in the
 * browser. Only for comparing: never shown.
 *
 * - compatibility decomposition (NFKD): accents come apart from their letters, and ligatures ("ﬁ"),
 *   full-width letters and Arabic presentation forms become the plain letters;
 * - locale-independent lower case, with German ß (and ẞ) as "ss" and the French œ, æ as "oe", "ae"
 *   (what a French keyboard without them types);
 * - nonspacing marks dropped (\p{Mn}): Latin accents, Arabic tashkeel and the hamza or madda on an
 *   alef, Hebrew points. Spacing marks (\p{Mc}) stay: in Indic scripts they are vowels, not accents;
 * - the Arabic tatweel (a stretching stroke, not a letter) dropped, and two pairs of Arabic letters often
 *   typed for one another taken as one: teh marbuta as heh (ة/ه), alef maksura as yeh (ى/ي);
 * - runs of white space as one space, none at the ends.
 */
export function foldForSearch(text: string): string {
  return text
    .normalize('NFKD')
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/œ/g, 'oe')
    .replace(/æ/g, 'ae')
    .replace(/[\p{Mn}\u0640]/gu, '')
    .replace(/ة/g, 'ه')
    .replace(/ى/g, 'ي')
    .replace(/\s+/g, ' ')
    .trim();
}
