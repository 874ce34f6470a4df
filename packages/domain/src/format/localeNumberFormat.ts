const formatters = new Map<string, Intl.NumberFormat>();

/**
 * A cached `Intl.NumberFormat` for a language with fixed decimals (and any other option); an invalid
 * locale falls back to English, so a figure is never lost to a bad language tag.
 */
export function localeNumberFormat(locale: string, decimals: number, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  const key = `${locale}|${decimals}|${JSON.stringify(options)}`;
  let f = formatters.get(key);
  if (!f) {
    const all = { ...options, minimumFractionDigits: decimals, maximumFractionDigits: decimals };
    try {
      f = new Intl.NumberFormat(locale, all);
    } catch {
      f = new Intl.NumberFormat('en', all);
    }
    formatters.set(key, f);
  }
  return f;
}

/** Left-to-right, right-to-left and Arabic letter marks Intl puts around a sign or a symbol in Arabic. */
const BIDI_MARKS = /[\u200E\u200F\u061C]/gu;

/**
 * Intl's text without its invisible direction marks: the app isolates a figure as one left-to-right
 * run itself (`LtrValue`, or U+2066..U+2069 in plain text), and marks inside would leak into
 * e-mails, spreadsheets and the "+" a change adds in front.
 */
export const withoutBidiMarks = (text: string): string => text.replace(BIDI_MARKS, '');
