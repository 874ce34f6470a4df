import { describe, expect, it } from 'vitest';
import { loadCatalogues } from './catalogues.ts';

/**
 * French sets a no-break space (U+00A0) before : ; ? ! and inside « », so that a line never starts
 * with the mark: every namespace of the interface's catalogues. (The messages' catalogues keep
 * ordinary spaces in their SMS texts: a no-break space is not in the GSM alphabet, and one would
 * make every SMS travel as UCS-2, 70 characters a part instead of 160.)
 */

function texts(value: unknown, key: string): Array<[string, string]> {
  if (typeof value === 'string') return [[key, value]];
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => texts(v, `${key}.${k}`));
  return [];
}

const french = loadCatalogues().texts.get('fr') ?? {};
const CHECKED_NAMESPACES = Object.keys(french);

describe('French typography', () => {
  it('reads every namespace of the French catalogue', () => {
    expect(CHECKED_NAMESPACES).toEqual(expect.arrayContaining(['help', 'tutorial', 'sales', 'alerts', 'profile']));
  });

  it.each(CHECKED_NAMESPACES)('fr/%s has a no-break space before : ; ? ! and inside « »', (namespace) => {
    const entries = texts(french[namespace], namespace);
    expect(entries.length).toBeGreaterThan(0);
    const wrong = entries.filter(([, text]) => /[ \t][:;?!»]|«[ \t]/.test(text)).map(([key, text]) => `${key}: ${text}`);
    expect(wrong).toEqual([]);
  });
});
