// Arabic-Indic (U+0660-0669) and Eastern Arabic-Indic, used for Persian and Urdu (U+06F0-06F9).
const FOREIGN_DIGIT = /[\u0660-\u0669\u06F0-\u06F9]/g;
/** The Arabic decimal separator, typed on Arabic keyboards where a Latin one would be. */
const ARABIC_DECIMAL_SEPARATOR = /\u066B/g;

/** Latin digits for Arabic-Indic and Persian ones (٣٠ and ۳۰ become 30); everything else kept as it is. */
export function normalizeDigits(text: string): string {
  return text.replace(FOREIGN_DIGIT, (digit) => String(digit.charCodeAt(0) - (digit.charCodeAt(0) >= 0x06f0 ? 0x06f0 : 0x0660)));
}

/**
 * What a number field holds once typed: Latin digits, and the Arabic decimal separator (٫) written as the
 * field's own, so ٢٫٥ is read 2.5 and refused as a decimal rather than silently becoming 25. Every character
 * is replaced by exactly one, so the caret stays where it was.
 */
export function normalizeNumberText(text: string, decimalSeparator = '.'): string {
  return normalizeDigits(text).replace(ARABIC_DECIMAL_SEPARATOR, decimalSeparator);
}
