/**
 * Unicode's isolates for text that is not a React element (a toast, a list copied to the
 * clipboard, a sentence built by i18next): the run keeps its own direction and does not reorder
 * the sentence around it, as <bdi> does in the page.
 */

/** A left-to-right run (a date, an offset, a code): LRI … PDI. */
export const ltrIsolate = (text: string) => `\u2066${text}\u2069`;

/** A run whose direction is its own first strong letter (a file name, Latin or Arabic): FSI … PDI. */
export const firstStrongIsolate = (text: string) => `\u2068${text}\u2069`;
