import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { FALLBACK_LANGUAGE, LANGUAGES, type Language, isLanguage } from '@sitelens/domain';

/** A text of a message in one language; `{{name}}` placeholders take `vars`. */
export type Texts = (key: string, vars?: Record<string, string | number>) => string;

const dir = fileURLToPath(new URL('../locales/', import.meta.url));

/**
 * The words of outgoing messages, apart from the catalogues served to the browser: one folder per
 * language, one file per feature (`locales/en/alerts.json` holds the `alerts.*` keys). A key missing
 * in a language falls back to English (a test keeps the six complete).
 */
export function loadMessageCatalogues(): Map<Language, Map<string, string>> {
  const out = new Map<Language, Map<string, string>>();
  for (const lang of LANGUAGES) {
    const texts = new Map<string, string>();
    const folder = `${dir}${lang}/`;
    if (existsSync(folder)) {
      for (const file of readdirSync(folder).filter((f) => f.endsWith('.json'))) {
        flatten(JSON.parse(readFileSync(folder + file, 'utf8')) as Record<string, unknown>, file.slice(0, -'.json'.length), texts);
      }
    }
    out.set(lang, texts);
  }
  return out;
}

let loaded: Map<Language, Map<string, string>> | null = null;

/**
 * The text function of a recipient's language (an unknown language reads English). A numeric
 * `count` picks the plural form as i18next does (`key_one`, `key_few`, ... by the language's
 * plural rules: Arabic has six), so the same catalogue shape serves the browser and the messages.
 */
export function messageTexts(lang: string): Texts {
  loaded ??= loadMessageCatalogues();
  const language = isLanguage(lang) ? lang : FALLBACK_LANGUAGE;
  const own = loaded.get(language)!;
  const fallback = loaded.get(FALLBACK_LANGUAGE)!;
  const plural = (key: string, count: number) =>
    own.get(`${key}_${new Intl.PluralRules(language).select(count)}`) ?? fallback.get(`${key}_${new Intl.PluralRules(FALLBACK_LANGUAGE).select(count)}`);
  return (key, vars = {}) => {
    const text = (typeof vars.count === 'number' ? plural(key, vars.count) : undefined) ?? own.get(key) ?? fallback.get(key) ?? key;
    return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole));
  };
}

function flatten(obj: Record<string, unknown>, prefix: string, into: Map<string, string>): void {
  for (const [k, v] of Object.entries(obj)) {
    if (v && typeof v === 'object') flatten(v as Record<string, unknown>, `${prefix}.${k}`, into);
    else into.set(`${prefix}.${k}`, String(v));
  }
}
