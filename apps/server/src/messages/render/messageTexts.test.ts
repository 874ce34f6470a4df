import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { FALLBACK_LANGUAGE, LANGUAGES } from '@sitelens/domain';
import { describe, expect, it } from 'vitest';
import { loadMessageCatalogues, messageTexts } from './messageTexts.ts';

const serverSrc = fileURLToPath(new URL('../../', import.meta.url));
const catalogues = loadMessageCatalogues();
const english = catalogues.get(FALLBACK_LANGUAGE)!;
const placeholders = (text: string) => (text.match(/\{\{\s*\w+\s*\}\}/g) ?? []).map((p) => p.replace(/\s/g, '')).sort();

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.ts$/.test(name) && !/\.test\.ts$/.test(name) ? [path] : [];
  });
}

describe('message texts (server-side catalogues, never sent to the browser)', () => {
  it('cover every key a template asks for with a literal', () => {
    const used = new Set<string>();
    for (const file of sourceFiles(serverSrc)) {
      if (!readFileSync(file, 'utf8').includes('Template')) continue;
      for (const m of readFileSync(file, 'utf8').matchAll(/\bt\(\s*'([a-z][\w]*(?:\.[\w]+)+)'/g)) used.add(m[1]!);
    }
    expect(used.size).toBeGreaterThan(0);
    expect([...used].filter((k) => !english.has(k))).toEqual([]);
  });

  it.each(LANGUAGES.filter((l) => l !== FALLBACK_LANGUAGE))('%s has every English key, translated, with its placeholders', (lang) => {
    const texts = catalogues.get(lang)!;
    expect([...english.keys()].filter((k) => !texts.get(k)?.trim())).toEqual([]);
    expect([...texts.keys()].filter((k) => !english.has(k))).toEqual([]);
    expect([...english].filter(([k, en]) => texts.get(k) === en && en.length > 3).map(([k]) => k)).toEqual([]);
    expect([...english].filter(([k, en]) => JSON.stringify(placeholders(en)) !== JSON.stringify(placeholders(texts.get(k) ?? ''))).map(([k]) => k)).toEqual([]);
  });

  it('fills placeholders and falls back to English for an unknown language', () => {
    expect(messageTexts('fr')('messages.test.email.body', { name: 'Ana' })).toContain('Ana a envoyé ce test');
    expect(messageTexts('xx')('messages.test.email.subject')).toBe('Sitelens test e-mail');
  });
});
