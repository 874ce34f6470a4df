import { FAQ, HELP_TOPICS, LANGUAGES, METRIC_CATALOGUE, METRIC_HELP, TUTORIAL_STEPS, metricHelpKeys } from '@sitelens/domain';
import { describe, expect, it } from 'vitest';
import { loadCatalogues } from '../translations/catalogues.ts';

const catalogues = loadCatalogues();

function text(lang: (typeof LANGUAGES)[number], key: string): string | undefined {
  let node: unknown = catalogues.texts.get(lang);
  for (const part of key.split('.')) node = node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined;
  return typeof node === 'string' && node.trim() ? node : undefined;
}

const missing = (keys: string[]) => LANGUAGES.flatMap((lang) => keys.filter((k) => !text(lang, k)).map((k) => `${lang}:${k}`));

describe('help centre texts', () => {
  it('explain every metric of the catalogue, in all six languages', () => {
    expect(METRIC_HELP.map((e) => e.id)).toEqual(METRIC_CATALOGUE.map((m) => m.id));
    expect(missing(METRIC_HELP.flatMap(metricHelpKeys))).toEqual([]);
  });

  it('write every topic with its sections, every question with its answer, and every tour step', () => {
    const keys = [
      ...HELP_TOPICS.flatMap((t) => [
        `help.topics.${t.id}.title`,
        `help.topics.${t.id}.summary`,
        ...t.sections.flatMap((s) => [`help.topics.${t.id}.sections.${s}.title`, `help.topics.${t.id}.sections.${s}.text`]),
      ]),
      ...FAQ.flatMap((q) => [`help.faq.${q.id}.question`, `help.faq.${q.id}.answer`]),
      ...TUTORIAL_STEPS.flatMap((s) => [`tutorial.steps.${s}.title`, `tutorial.steps.${s}.text`]),
    ];
    expect(missing(keys)).toEqual([]);
  });

  it('give the sales file its six columns, A to F', () => {
    const columns = ['A', 'B', 'C', 'D', 'E', 'F'].flatMap((c) => [`help.salesLayout.columns.${c}.name`, `help.salesLayout.columns.${c}.example`]);
    expect(missing(columns)).toEqual([]);
  });
});
