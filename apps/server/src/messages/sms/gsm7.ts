/**
 * GSM 03.38: the default alphabet and its extension table (each of ^{}\[~]|€ takes two septets).
 * A text made only of these travels as GSM-7, 160 characters in one SMS (153 a part when split);
 * a single character outside makes the whole text UCS-2, 70 characters (67 a part).
 */
const GSM_7_BASIC = '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞ\u001bÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM_7_EXTENSION = '\f^{}\\[~]|€';
const BASIC = new Set(GSM_7_BASIC);
const EXTENSION = new Set(GSM_7_EXTENSION);

export const isGsm7Char = (c: string): boolean => BASIC.has(c) || EXTENSION.has(c);

/** Whether the whole text can travel as GSM-7. */
export const isGsm7 = (text: string): boolean => [...text].every(isGsm7Char);

/** The characters of a text that are not in GSM-7 (each once), for test failures and logs. */
export const nonGsm7 = (text: string): string[] => [...new Set([...text].filter((c) => !isGsm7Char(c)))];

/** How a text travels and in how many parts (GSM-7: 160, or 153 a part; UCS-2: 70, or 67 a part in UTF-16 units). */
export function smsEncoding(text: string): { encoding: 'GSM-7' | 'UCS-2'; parts: number } {
  if (isGsm7(text)) {
    const septets = [...text].reduce((n, c) => n + (EXTENSION.has(c) ? 2 : 1), 0);
    return { encoding: 'GSM-7', parts: septets <= 160 ? 1 : Math.ceil(septets / 153) };
  }
  return { encoding: 'UCS-2', parts: text.length <= 70 ? 1 : Math.ceil(text.length / 67) };
}

/**
 * Typographic marks and symbols with a plain GSM-7 writing: quotation marks, subscript and
 * superscript digits (CO₂, m²), dashes, the ellipsis, the degree sign before a scale, the micro sign.
 * Letters are never touched: "ó" or "ç" has no equivalent that would not misspell the word.
 */
const SUPERSCRIPTS = '⁰¹²³⁴⁵⁶⁷⁸⁹';
const PLAIN: Array<[RegExp, string | ((c: string) => string)]> = [
  // French « Porte 3 » reads "Porte 3": the spaces inside the marks go with them.
  [/«[ \u00a0\u202f]*/g, '"'],
  [/[ \u00a0\u202f]*»/g, '"'],
  [/[\u00a0\u202f\u2007\u2009]/g, ' '],
  [/[«»“”„‟″]/g, '"'],
  [/[‹›‘’‚‛′]/g, "'"],
  [/[‐‑‒–—―−]/g, '-'],
  [/…/g, '...'],
  [/°(?=[CF]\b)/g, ''],
  [/µ/g, 'u'],
  [/[₀-₉]/g, (c) => String(c.charCodeAt(0) - 0x2080)],
  [/[⁰¹²³⁴-⁹]/g, (c) => String(SUPERSCRIPTS.indexOf(c))],
];

/**
 * The text of an SMS in GSM-7 when its language allows it: typographic marks become their plain
 * forms (« » and “ ” become ", CO₂ becomes CO2) when the whole text is then GSM-7. A text that
 * stays UCS-2 whatever we do (Spanish "Nivel de CO₂ en Almacén", Arabic) keeps its marks: they
 * cost nothing there, and the words are never respelled.
 */
export function toGsm7(text: string): string {
  if (isGsm7(text)) return text;
  const plain = PLAIN.reduce((t, [pattern, by]) => (typeof by === 'string' ? t.replace(pattern, by) : t.replace(pattern, by)), text);
  return isGsm7(plain) ? plain : text;
}
