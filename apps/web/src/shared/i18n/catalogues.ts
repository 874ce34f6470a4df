import { FALLBACK_LANGUAGE, TRANSLATION_PROJECT } from '@sitelens/domain';
import { postGraphql } from '../api/postGraphql.ts';
import { i18n } from './i18n.ts';

export interface TranslationDetails {
  version: string;
  allowedLanguages: string[];
  languages: string[];
}

interface HeldCatalogues {
  version: string;
  allowedLanguages: string[];
  catalogues: Record<string, Record<string, unknown>>;
}

const HELD_KEY = 'sitelens.translations';

export const DETAILS = `query TranslationDetails($project: String!) {
  translationDetailsByProject(project: $project) { version allowedLanguages languages }
}`;
export const TEXTS = `query Translations($project: String!, $lang: String!) {
  translationsByProject(project: $project, lang: $lang)
}`;

function readHeld(): HeldCatalogues | null {
  try {
    const raw = localStorage.getItem(HELD_KEY);
    return raw ? (JSON.parse(raw) as HeldCatalogues) : null;
  } catch {
    return null;
  }
}

function writeHeld(held: HeldCatalogues): void {
  try {
    localStorage.setItem(HELD_KEY, JSON.stringify(held));
  } catch {
    // Storage full or disabled: the catalogues are simply fetched again next time.
  }
}

const sameLanguages = (a: string[], b: string[]) => a.length === b.length && a.every((l, i) => l === b[i]);

let held: HeldCatalogues | null = null;

/** Fetches the version and languages; held catalogues are dropped when either changed (spec 000 §4). */
export async function refreshTranslationDetails(): Promise<TranslationDetails> {
  const answer = await postGraphql<{ translationDetailsByProject: TranslationDetails }>(DETAILS, {
    project: TRANSLATION_PROJECT,
  });
  const details = answer.data?.translationDetailsByProject;
  if (!details) throw new Error('translation details unavailable');
  const stored = held ?? readHeld();
  held =
    stored && stored.version === details.version && sameLanguages(stored.allowedLanguages, details.allowedLanguages)
      ? stored
      : { version: details.version, allowedLanguages: details.allowedLanguages, catalogues: {} };
  writeHeld(held);
  return details;
}

/** Languages held from an earlier visit, for when the server cannot be reached. */
export function heldAllowedLanguages(): string[] | null {
  return (held ?? readHeld())?.allowedLanguages ?? null;
}

async function catalogueOf(lang: string): Promise<Record<string, unknown>> {
  held ??= readHeld() ?? { version: '', allowedLanguages: [], catalogues: {} };
  const cached = held.catalogues[lang];
  if (cached) return cached;
  const answer = await postGraphql<{ translationsByProject: Record<string, unknown> }>(TEXTS, {
    project: TRANSLATION_PROJECT,
    lang,
  });
  const texts = answer.data?.translationsByProject;
  if (!texts) throw new Error(`catalogue ${lang} unavailable`);
  held.catalogues[lang] = texts;
  writeHeld(held);
  return texts;
}

/** Makes the language and the fallback language available to i18next. */
export async function loadCatalogue(lang: string): Promise<void> {
  const langs = lang === FALLBACK_LANGUAGE ? [lang] : [lang, FALLBACK_LANGUAGE];
  await Promise.all(
    langs.map(async (l) => {
      const texts = await catalogueOf(l);
      i18n.addResourceBundle(l, 'translation', texts, true, true);
    }),
  );
}
