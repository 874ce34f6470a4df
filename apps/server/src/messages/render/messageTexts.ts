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

/** The text function of a recipient's language (an unknown language reads English). */
export function messageTexts(lang: string): Texts {
  loaded ??= loadMessageCatalogues();
  const own = loaded.get(isLanguage(lang) ? lang : FALLBACK_LANGUAGE)!;
  const fallback = loaded.get(FALLBACK_LANGUAGE)!;
  return (key, vars = {}) => {
    const text = own.get(key) ?? fallback.get(key) ?? key;
    return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole));
  };
}

function flatten(obj: Record<string, unknown>, prefix: string, into: Map<string, string>): void {
  for (const [k, v] of Object.entries(obj)) {
    if (v && typeof v === 'object') flatten(v as Record<string, unknown>, `${prefix}.${k}`, into);
    else into.set(`${prefix}.${k}`, String(v));
  }
}
