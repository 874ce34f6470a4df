import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { LANGUAGES, type Language } from '@sitelens/domain';

export interface Catalogues {
  version: string;
  languages: Language[];
  texts: Map<Language, Record<string, unknown>>;
}

const dir = fileURLToPath(new URL('./locales/', import.meta.url));

/**
 * Reads every language's catalogue once. A language is a folder of namespace files
 * (`locales/fr/widgets.json` holds the `widgets.*` keys), so each feature owns its own texts;
 * the version is a digest of their contents.
 */
export function loadCatalogues(): Catalogues {
  const texts = new Map<Language, Record<string, unknown>>();
  const hash = createHash('sha256');
  for (const lang of LANGUAGES) {
    const folder = `${dir}${lang}/`;
    if (!existsSync(folder)) continue;
    const catalogue: Record<string, unknown> = {};
    for (const file of readdirSync(folder).filter((f) => f.endsWith('.json')).sort()) {
      const raw = readFileSync(folder + file, 'utf8');
      hash.update(lang).update(file).update(raw);
      catalogue[file.slice(0, -'.json'.length)] = JSON.parse(raw) as unknown;
    }
    texts.set(lang, catalogue);
  }
  return { version: hash.digest('hex').slice(0, 16), languages: [...texts.keys()], texts };
}

let loaded: Catalogues | null = null;
export const catalogues = (): Catalogues => (loaded ??= loadCatalogues());
