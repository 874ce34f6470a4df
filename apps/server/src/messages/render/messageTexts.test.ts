import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { FALLBACK_LANGUAGE, LANGUAGES } from '@sitelens/domain';
import { describe, expect, it } from 'vitest';
import { loadMessageCatalogues, messageTexts } from './messageTexts.ts';

const serverSrc = fileURLToPath(new URL('../../', import.meta.url));
const catalogues = loadMessageCatalogues();
const english = catalogues.get(FALLBACK_LANGUAGE)!;
/** Plural forms (i18next's suffixes) count as their base key; each language has its own set of forms. */
const PLURAL = /_(zero|one|two|few|many|other)$/;
const base = (key: string) => key.replace(PLURAL, '');
const bases = (keys: Iterable<string>) => new Set([...keys].map(base));
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
      const text = readFileSync(file, 'utf8');
      // Message templates: in messages/, or written with its helpers. A dashboard template's titles
      // (dashboardTemplates.ts) come from the app's catalogues, not these.
      const isMessage = file.includes('/messages/') || /from '[^']*\/messages\//.test(text);
      if (!text.includes('Template') || !isMessage) continue;
      for (const m of text.matchAll(/\bt\(\s*'([a-z][\w]*(?:\.[\w]+)+)'/g)) used.add(m[1]!);
    }
    expect(used.size).toBeGreaterThan(0);
    expect([...used].filter((k) => !bases(english.keys()).has(k))).toEqual([]);
  });

  it.each(LANGUAGES.filter((l) => l !== FALLBACK_LANGUAGE))('%s has every English key, translated, with its placeholders', (lang) => {
    const texts = catalogues.get(lang)!;
    const singular = [...english].filter(([k]) => !PLURAL.test(k));
    expect(singular.filter(([k]) => !texts.get(k)?.trim()).map(([k]) => k)).toEqual([]);
    expect([...bases(texts.keys())].filter((k) => !bases(english.keys()).has(k))).toEqual([]);
    expect(singular.filter(([k, en]) => texts.get(k) === en && en.length > 3).map(([k]) => k)).toEqual([]);
    expect(singular.filter(([k, en]) => JSON.stringify(placeholders(en)) !== JSON.stringify(placeholders(texts.get(k) ?? ''))).map(([k]) => k)).toEqual([]);
  });

  it.each(LANGUAGES)('%s has each plural text in every form its language has (i18next suffixes), with its placeholders', (lang) => {
    const texts = catalogues.get(lang)!;
    const forms = new Intl.PluralRules(lang).resolvedOptions().pluralCategories;
    const plurals = [...bases([...english.keys()].filter((k) => PLURAL.test(k)))];
    const missing = plurals.flatMap((k) => forms.filter((f) => !texts.get(`${k}_${f}`)?.trim()).map((f) => `${k}_${f}`));
    const extra = [...texts.keys()].filter((k) => PLURAL.test(k) && !forms.includes(k.match(PLURAL)![1] as Intl.LDMLPluralRule));
    // A form may write its number out ("يومين", two days) and leave {{count}} away; nothing else.
    const without = (k: string) => placeholders(k).filter((p) => p !== '{{count}}');
    const broken = plurals.flatMap((k) => forms.filter((f) => JSON.stringify(without(texts.get(`${k}_${f}`) ?? '')) !== JSON.stringify(without(english.get(`${k}_other`)!))).map((f) => `${k}_${f}`));
    expect({ missing, extra, broken }).toEqual({ missing: [], extra: [], broken: [] });
  });

  it('picks the plural form of the count by the language’s rules', () => {
    const days = (lang: string, count: number) => messageTexts(lang)('reports.export.linkBody', { count, metric: 'M', site: 'S', from: 'F', to: 'T' });
    expect(days('ar', 7)).toContain('7 أيام');
    expect(days('ar', 11)).toContain('11 يومًا');
    expect(days('en', 1)).toContain('1 day.');
    expect(days('en', 7)).toContain('7 days.');
  });

  it('counts the minutes of a code or reset link by the language’s rules (Arabic: 10 دقائق, 60 دقيقة)', () => {
    const ar = messageTexts('ar');
    expect(ar('signin.code.validity', { count: 10 })).toContain('لمدة 10 دقائق');
    expect(ar('signin.code.signIn.sms', { code: '123456', count: 10 })).toContain('(صالح 10 دقائق)');
    expect(ar('invitations.code.sms', { code: '123456', count: 10 })).toContain('(صالح 10 دقائق)');
    expect(ar('signin.reset.body', { count: 60 })).toContain('لمدة 60 دقيقة');
    expect(ar('signin.code.validity', { count: 2 })).toContain('لمدة دقيقتين');
    expect(messageTexts('en')('signin.code.validity', { count: 10 })).toBe('This code is valid for 10 minutes and can be used once.');
    expect(messageTexts('de')('signin.reset.preheader', { count: 60 })).toBe('Der Link funktioniert einmal, 60 Minuten lang.');
  });

  it('fills placeholders and falls back to English for an unknown language', () => {
    expect(messageTexts('fr')('messages.test.email.body', { name: 'Ana' })).toContain('Ana a envoyé ce test');
    expect(messageTexts('xx')('messages.test.email.subject')).toBe('Sitelens test e-mail');
  });
});
