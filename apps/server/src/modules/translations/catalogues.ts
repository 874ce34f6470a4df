import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { LANGUAGES, type Language } from '@sitelens/domain';

export interface Catalogues {
  version: string;
  languages: Language[];
  texts: Map<Language, Record<string, unknown>>;
}

const dir = fileURLToPath(new URL('./locales/', import.meta.url));

/** Reads every language's catalogue once; the version is a digest of their contents. */
export function loadCatalogues(): Catalogues {
  const texts = new Map<Language, Record<string, unknown>>();
  const hash = createHash('sha256');
  for (const lang of LANGUAGES) {
    const file = `${dir}${lang}.json`;
    if (!existsSync(file)) continue;
    const raw = readFileSync(file, 'utf8');
    hash.update(lang).update(raw);
    texts.set(lang, JSON.parse(raw) as Record<string, unknown>);
  }
  return { version: hash.digest('hex').slice(0, 16), languages: [...texts.keys()], texts };
}

let loaded: Catalogues | null = null;
export const catalogues = (): Catalogues => (loaded ??= loadCatalogues());
