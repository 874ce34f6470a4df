import { LANGUAGES, TRANSLATION_PROJECT, isLanguage } from '@sitelens/domain';
import { builder } from '../../graphql/builder.ts';
import { badInput, notFound } from '../../graphql/errors.ts';
import { catalogues } from './catalogues.ts';

const DetailsRef = builder
  .objectRef<{ version: string; allowedLanguages: string[]; languages: string[] }>('TranslationDetails')
  .implement({
    fields: (t) => ({
      version: t.exposeString('version'),
      allowedLanguages: t.exposeStringList('allowedLanguages'),
      languages: t.exposeStringList('languages'),
    }),
  });

function requireProject(project: string) {
  if (project !== TRANSLATION_PROJECT) throw notFound();
}

builder.queryFields((t) => ({
  translationDetailsByProject: t.field({
    type: DetailsRef,
    args: { project: t.arg.string({ required: true }) },
    resolve: (_r, a) => {
      requireProject(a.project);
      const c = catalogues();
      return { version: c.version, allowedLanguages: [...LANGUAGES], languages: c.languages };
    },
  }),
  translationsByProject: t.field({
    type: 'JSON',
    args: { project: t.arg.string({ required: true }), lang: t.arg.string({ required: true }) },
    resolve: (_r, a) => {
      requireProject(a.project);
      if (!isLanguage(a.lang)) throw badInput('lang', 'unknown language');
      return catalogues().texts.get(a.lang) ?? {};
    },
  }),
}));
