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
 * Plural forms (i18next's key_one, key_other, …) differ per language: Arabic has six, English two.
 * A family counts as one key (its base) here, its forms' texts joined; each language must have exactly
 * the forms its plural rules use (Intl.PluralRules, as i18next picks them).
 */
const PLURAL = /^(.*)_(zero|one|two|few|many|other)$/;
function withPlurals(texts: Map<string, string>): { keys: Map<string, string>; families: Map<string, string[]> } {
  const keys = new Map<string, string>();
  const families = new Map<string, string[]>();
  for (const [key, text] of texts) {
    const match = PLURAL.exec(key);
    if (match && texts.has(`${match[1]}_other`)) {
      families.set(match[1]!, [...(families.get(match[1]!) ?? []), match[2]!].sort());
      keys.set(match[1]!, [keys.get(match[1]!), text].filter(Boolean).join(' | '));
    } else keys.set(key, text);
  }
  return { keys, families };
}
const pluralForms = (lang: string) => [...new Intl.PluralRules(lang).resolvedOptions().pluralCategories].sort();

// Words that are the same in several languages (brand, units, codes). Anything else must be translated.
const SAME_IN_EVERY_LANGUAGE = /^(Sitelens|OK|Webhook|Zones?|Total|CO2|CO₂|PM2\.5|PM10|TVOC|HCHO|ppm|kWh|404|Email|E-mail|Stop&Go|Stop-n-go|[\d\s%/:.,+-]*|\{\{\w+\}\}.*)$/i;
const catalogues = loadCatalogues();
const textsOf = (lang: string) => withPlurals(flatten(catalogues.texts.get(lang as never) ?? {}));
const english = textsOf(FALLBACK_LANGUAGE).keys;

describe('translation catalogues', () => {
  it('exist for all six languages', () => {
    expect([...catalogues.languages].sort()).toEqual([...LANGUAGES].sort());
  });

  it('cover every key the web app uses', () => {
    const missing = [...usedKeys()].filter((k) => !english.has(k));
    expect(missing).toEqual([]);
  });

  it.each(LANGUAGES)('%s has each plural family in exactly the forms of its plural rules', (lang) => {
    const { families } = textsOf(lang);
    const wrong = [...families].filter(([, forms]) => JSON.stringify(forms) !== JSON.stringify(pluralForms(lang)));
    expect(wrong).toEqual([]);
  });

  it.each(LANGUAGES.filter((l) => l !== FALLBACK_LANGUAGE))('%s has every English key, translated', (lang) => {
    const texts = textsOf(lang).keys;
    const missing = [...english.keys()].filter((k) => !texts.get(k)?.trim());
    const extra = [...texts.keys()].filter((k) => !english.has(k));
    const untranslated = [...english].filter(([k, en]) => texts.get(k) === en && !SAME_IN_EVERY_LANGUAGE.test(en) && en.length > 3);
    expect({ missing, extra }).toEqual({ missing: [], extra: [] });
    // A few words are the same in two languages (Minute, Format, Organisation); more is a forgotten text.
    expect(untranslated.length, JSON.stringify(untranslated.slice(0, 20))).toBeLessThanOrEqual(Math.ceil(english.size * 0.03));
  });

  it.each(LANGUAGES)('%s has the same keys as every other language', (lang) => {
    const all = new Set(LANGUAGES.flatMap((l) => [...textsOf(l).keys.keys()]));
    const texts = textsOf(lang).keys;
    expect([...all].filter((k) => !texts.get(k)?.trim())).toEqual([]);
  });

  it.each(LANGUAGES)('%s names every metric of the catalogue (keys the web app builds, metrics.<id>)', (lang) => {
    const texts = textsOf(lang).keys;
    expect(METRIC_CATALOGUE.map((m) => m.id).filter((id) => !texts.has(`metrics.${id}`))).toEqual([]);
  });

  it.each(LANGUAGES)('%s keeps every {{placeholder}} of the English text', (lang) => {
    const texts = textsOf(lang).keys;
    // A plural family's forms together; a form may say its number in words ("two columns") instead of {{count}}.
    const names = (text: string | undefined) => [...new Set((text?.match(/\{\{\s*\w+\s*\}\}/g) ?? []).map((p) => p.replace(/\s/g, '')))].sort();
    const broken = [...english].filter(([k, en]) => {
      const want = names(en);
      const got = names(texts.get(k));
      return JSON.stringify(want) !== JSON.stringify(got);
    });
    expect(broken.map(([k]) => k)).toEqual([]);
  });
});
