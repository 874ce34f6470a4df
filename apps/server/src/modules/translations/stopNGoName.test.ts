import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LANGUAGES, STOPNGO_NAME } from '@sitelens/domain';
import { describe, expect, it } from 'vitest';

// One name for Stop&Go in each language (issue 29 item 16): the web app's texts and the server's messages.
const roots = ['../translations/locales/', '../../messages/locales/'].map((r) => fileURLToPath(new URL(r, import.meta.url)));
const SPELLINGS = /stop\s*(?:-\s*n\s*-|&|and|n)\s*go|قف\s*وادخل/giu;

function texts(language: string): string[] {
  const out: string[] = [];
  const walk = (v: unknown) => (typeof v === 'string' ? out.push(v) : v && typeof v === 'object' && Object.values(v).forEach(walk));
  for (const root of roots) {
    const dir = join(root, language);
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) walk(JSON.parse(readFileSync(join(dir, file), 'utf8')));
  }
  return out;
}

describe('the name of Stop&Go', () => {
  it.each(LANGUAGES.map((l) => [l]))('is written one way in %s', (language) => {
    const found = texts(language).flatMap((t) => t.match(SPELLINGS) ?? []);
    expect(found.length).toBeGreaterThan(5);
    expect(new Set(found)).toEqual(new Set([STOPNGO_NAME[language]]));
  });
});
