import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Issue 29 item 11: French puts a non-breaking space before ":" (and a narrow one before ";", "?"
// and "!"), so the sign never starts a line. Checked on the texts of the report, export and
// unsubscribe screens (times like 08:00 and placeholders aside); the e-mails' texts, these
// included, are held to it in translations/frenchTypography.test.ts.
const files = [
  '../translations/locales/fr/reports.json',
  '../translations/locales/fr/exports.json',
  '../translations/locales/fr/unsubscribe.json',
].map((path) => fileURLToPath(new URL(path, import.meta.url)));

function texts(obj: unknown, prefix = ''): Array<[string, string]> {
  if (typeof obj === 'string') return [[prefix, obj]];
  return Object.entries(obj as Record<string, unknown>).flatMap(([k, v]) => texts(v, prefix ? `${prefix}.${k}` : k));
}

describe('French texts of reports, exports and unsubscribe', () => {
  it.each(files)('%s: a non-breaking space before every : ; ? !', (file) => {
    const all = texts(JSON.parse(readFileSync(file, 'utf8')));
    expect(all.length).toBeGreaterThan(5);
    const wrong = all.filter(([, text]) => {
      const plain = text.replace(/\{\{[^}]*\}\}/g, '').replace(/\d:\d/g, '');
      return /(^|[^\u00a0\u202f])[:;?!]/.test(plain);
    });
    expect(wrong).toEqual([]);
  });
});
