import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { FALLBACK_LANGUAGE, LANGUAGES, METRIC_CATALOGUE } from '@sitelens/domain';
import { describe, expect, it } from 'vitest';
import { loadCatalogues } from './catalogues.ts';

const webSrc = fileURLToPath(new URL('../../../../web/src/', import.meta.url));

function flatten(obj: Record<string, unknown>, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(obj)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (v && typeof v === 'object') for (const [kk, vv] of flatten(v as Record<string, unknown>, key)) out.set(kk, vv);
    else out.set(key, String(v));
  }
  return out;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/** Keys the web app asks for with a literal: t('a.b'), i18nKey="a.b", tKey('a.b'). */
function usedKeys(): Set<string> {
  const keys = new Set<string>();
  const pattern = /(?:\bt|i18nKey=|\btKey)\(?\s*['"`]([a-zA-Z][\w-]*(?:\.[\w-]+)+)['"`]/g;
  for (const file of sourceFiles(webSrc)) {
    for (const match of readFileSync(file, 'utf8').matchAll(pattern)) keys.add(match[1]!);
  }
  return keys;
}

/**
 * Plural forms (i18next's suffixes: `_one`, `_few`, ... by each language's Intl.PluralRules) count
 * as their base key: each language holds the forms its own rules have (Arabic six, English two).
 */
const PLURAL = /_(zero|one|two|few|many|other)$/;
const base = (key: string) => key.replace(PLURAL, '');
const bases = (keys: Iterable<string>) => new Set([...keys].map(base));
const placeholdersOf = (text: string | undefined) => (text?.match(/\{\{\s*\w+\s*\}\}/g) ?? []).map((p) => p.replace(/\s/g, '')).sort();

// Words that are the same in several languages (brand, units, codes). Anything else must be translated.
const SAME_IN_EVERY_LANGUAGE = /^(Sitelens|OK|CO2|CO₂|PM2\.5|PM10|TVOC|HCHO|ppm|kWh|404|Email|E-mail|Stop&Go|Stop-n-go|[\d\s%/:.,+-]*|\{\{\w+\}\}.*)$/i;
const catalogues = loadCatalogues();
const english = flatten(catalogues.texts.get(FALLBACK_LANGUAGE) ?? {});

describe('translation catalogues', () => {
  it('exist for all six languages', () => {
    expect([...catalogues.languages].sort()).toEqual([...LANGUAGES].sort());
  });

  it('cover every key the web app uses', () => {
    const known = bases(english.keys());
    const missing = [...usedKeys()].filter((k) => !known.has(k));
    expect(missing).toEqual([]);
  });

  it.each(LANGUAGES.filter((l) => l !== FALLBACK_LANGUAGE))('%s has every English key, translated', (lang) => {
    const texts = flatten(catalogues.texts.get(lang) ?? {});
    const missing = [...english.keys()].filter((k) => !PLURAL.test(k) && !texts.get(k)?.trim());
    const extra = [...bases(texts.keys())].filter((k) => !bases(english.keys()).has(k));
    const untranslated = [...english].filter(([k, en]) => texts.get(k) === en && !SAME_IN_EVERY_LANGUAGE.test(en) && en.length > 3);
    expect({ missing, extra }).toEqual({ missing: [], extra: [] });
    // A few words are the same in two languages (Minute, Format, Organisation); more is a forgotten text.
    expect(untranslated.length, JSON.stringify(untranslated.slice(0, 20))).toBeLessThanOrEqual(Math.ceil(english.size * 0.03));
  });

  it.each(LANGUAGES)('%s has the same keys as every other language', (lang) => {
    const all = new Set(LANGUAGES.flatMap((l) => [...flatten(catalogues.texts.get(l) ?? {}).keys()].filter((k) => !PLURAL.test(k))));
    const texts = flatten(catalogues.texts.get(lang) ?? {});
    expect([...all].filter((k) => !texts.get(k)?.trim())).toEqual([]);
  });

  it.each(LANGUAGES)('%s writes each plural text in every form of its language, and only those', (lang) => {
    const texts = flatten(catalogues.texts.get(lang) ?? {});
    const forms = new Intl.PluralRules(lang).resolvedOptions().pluralCategories;
    const plurals = new Set(LANGUAGES.flatMap((l) => [...flatten(catalogues.texts.get(l) ?? {}).keys()].filter((k) => PLURAL.test(k)).map(base)));
    const missing = [...plurals].flatMap((k) => forms.filter((f) => !texts.get(`${k}_${f}`)?.trim()).map((f) => `${k}_${f}`));
    const extra = [...texts.keys()].filter((k) => PLURAL.test(k) && !forms.includes(PLURAL.exec(k)![1] as Intl.LDMLPluralRule));
    // A form may leave a placeholder out (one day needs no "to"; "يومان" writes its number), never add one.
    const added = [...plurals].flatMap((k) =>
      forms.filter((f) => placeholdersOf(texts.get(`${k}_${f}`)).some((p) => !placeholdersOf(english.get(`${k}_other`)).includes(p))).map((f) => `${k}_${f}`),
    );
    expect({ missing, extra, added }).toEqual({ missing: [], extra: [], added: [] });
  });

  it.each(LANGUAGES)('%s names every metric of the catalogue (keys the web app builds, metrics.<id>)', (lang) => {
    const texts = flatten(catalogues.texts.get(lang) ?? {});
    expect(METRIC_CATALOGUE.map((m) => m.id).filter((id) => !texts.has(`metrics.${id}`))).toEqual([]);
  });

  it.each(LANGUAGES)('%s keeps every {{placeholder}} of the English text', (lang) => {
    const texts = flatten(catalogues.texts.get(lang) ?? {});
    const broken = [...english].filter(([k, en]) => {
      if (PLURAL.test(k)) return false;
      const want = (en.match(/\{\{\s*\w+\s*\}\}/g) ?? []).map((p) => p.replace(/\s/g, '')).sort();
      const got = (texts.get(k)?.match(/\{\{\s*\w+\s*\}\}/g) ?? []).map((p) => p.replace(/\s/g, '')).sort();
      return JSON.stringify(want) !== JSON.stringify(got);
    });
    expect(broken.map(([k]) => k)).toEqual([]);
  });
});
