import type { DocumentNode } from 'graphql';

const NO_NAME = '\u0000';
/** Operation names kept per document: a document sent under ever new names is computed anew past them. */
const NAMES_PER_DOCUMENT = 8;

/**
 * What is a pure function of a parsed document (and its operation's name), computed at its first
 * call and kept with the document. Yoga keeps one parsed document per document text in its bounded
 * LRU (useParserAndValidationCache), so the same text is the same object at every call: this is a
 * cache by document text with Yoga's bound, and an entry goes when Yoga forgets the document.
 */
export function perDocument<T>(compute: (document: DocumentNode, operationName: string | null | undefined) => T) {
  const kept = new WeakMap<DocumentNode, Map<string, T>>();
  return (document: DocumentNode, operationName: string | null | undefined): T => {
    let byName = kept.get(document);
    if (!byName) {
      byName = new Map();
      kept.set(document, byName);
    }
    const key = operationName ?? NO_NAME;
    let found = byName.get(key);
    if (found === undefined && !byName.has(key)) {
      found = compute(document, operationName);
      if (byName.size < NAMES_PER_DOCUMENT) byName.set(key, found);
    }
    return found as T;
  };
}
