/**
 * The colon after a label ("Visitors in: 1,234"), as each language writes it: French puts a
 * non-breaking space before it ("Entrées : 1 234"), so the colon never starts a line.
 */
export const labelColon = (lang: string): string => (lang === 'fr' ? '\u00a0:' : ':');
