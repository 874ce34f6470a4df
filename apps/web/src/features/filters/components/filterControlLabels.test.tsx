import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { MantineProvider } from '@mantine/core';
import i18next from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { defaultFilters, type FilterContext } from '@sitelens/domain';
import { theme } from '../../../app/theme.ts';
import { TimespanControl } from './TimespanControl.tsx';
import { ZoneFilterControl } from './ZoneFilterControl.tsx';

// The real filter-bar catalogues, as the server hands them out (under "filterBar").
const catalogue = (lang: string) => JSON.parse(readFileSync(new URL(`../../../../../server/src/modules/translations/locales/${lang}/filterBar.json`, import.meta.url), 'utf8')) as object;
const i18n = i18next.createInstance();
void i18n.init({
  resources: Object.fromEntries(['en', 'fr'].map((l) => [l, { translation: { filterBar: catalogue(l) } }])),
  lng: 'en',
  interpolation: { escapeValue: false },
  initAsync: false,
});

const ctx: FilterContext = {
  today: '2026-03-18',
  minDate: '2025-06-01',
  defaultPreset: 'today',
  pageKind: 'counting',
  zones: [{ id: 1, parentId: null, name: 'Centre' }],
  events: [],
  categories: [],
};

function buttonText(lang: string, control: 'timespan' | 'zone'): string {
  void i18n.changeLanguage(lang);
  const draft = defaultFilters(ctx);
  const Control = control === 'timespan' ? TimespanControl : ZoneFilterControl;
  const html = renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <MantineProvider theme={theme}>
        <Control draft={draft} ctx={ctx} onChange={() => {}} />
      </MantineProvider>
    </I18nextProvider>,
  );
  const button = new RegExp(`<button[^>]*data-testid="${control}-control"[^>]*>([\\s\\S]*?)</button>`).exec(html);
  expect(button, `the ${control} button is drawn`).toBeTruthy();
  return button![1]!.replace(/<[^>]+>/g, '').replace(/&#x27;|&#39;/g, "'");
}

describe('the filter controls’ "name: value" texts', () => {
  it.each([
    ['en', 'timespan', 'Timespan: Today'],
    ['fr', 'timespan', 'Période\u00a0: Aujourd\'hui'],
    ['en', 'zone', 'Zone: Centre'],
    ['fr', 'zone', 'Zone\u00a0: Centre'],
  ] as const)('%s %s reads "%s" (French puts a no-break space before the colon)', (lang, control, expected) => {
    expect(buttonText(lang, control)).toBe(expected);
  });
});
