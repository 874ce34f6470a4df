import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { MantineProvider } from '@mantine/core';
import i18next from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { theme } from '../../../app/theme.ts';
import { localToday } from '../localToday.ts';
import { MigrationBanner } from './MigrationBanner.tsx';

// The real migration catalogues, as the server hands them out (under "migration").
const catalogue = (lang: string) => JSON.parse(readFileSync(new URL(`../../../../../server/src/modules/translations/locales/${lang}/migration.json`, import.meta.url), 'utf8')) as object;
const i18n = i18next.createInstance();
void i18n.init({
  resources: Object.fromEntries(['en', 'de', 'ar'].map((l) => [l, { translation: { migration: catalogue(l) } }])),
  lng: 'en',
  interpolation: { escapeValue: false },
  initAsync: false,
});

/** The banner's markup for a deadline `days` after the viewer's today. */
function bannerHtml(lang: string, days: number): string {
  void i18n.changeLanguage(lang);
  const deadline = new Date();
  deadline.setDate(deadline.getDate() + days);
  return renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <MantineProvider theme={theme}>
        <MemoryRouter>
          <MigrationBanner deadline={localToday(deadline)} onTryNow={() => undefined} />
        </MemoryRouter>
      </MantineProvider>
    </I18nextProvider>,
  );
}

/** The banner's words for a deadline `days` after the viewer's today. */
function bannerText(lang: string, days: number): string {
  return /<p[^>]*>([^<]*)<\/p>/.exec(bannerHtml(lang, days))![1]!.replace(/&#x27;/g, "'");
}

/** The element of the banner carrying `testId`: its tag, its address if it is a link, and its words. */
function action(html: string, testId: string): { tag: string; href: string | null; text: string } {
  const found = new RegExp(`<(a|button)([^>]*data-testid="${testId}"[^>]*)>(.*?)</\\1>`).exec(html);
  if (!found) throw new Error(`no ${testId}`);
  const href = /href="([^"]*)"/.exec(found[2]!)?.[1] ?? null;
  return { tag: found[1]!, href, text: found[3]!.replace(/<[^>]+>/g, '') };
}

describe('MigrationBanner', () => {
  it('counts the days left in words, and names the deadline day as the last one (it read "a few days left (0)")', () => {
    expect(bannerText('en', 0)).toMatch(/^Last day: /);
    expect(bannerText('en', 1)).toMatch(/^Only 1 day left: /);
    expect(bannerText('en', 5)).toMatch(/^Only 5 days left: /);
    expect(bannerText('de', 1)).toMatch(/^Nur noch 1 Tag: /);
    expect(bannerText('de', 6)).toMatch(/^Nur noch 6 Tage: /);
  });

  it('lets each link do its own job: "Try it now" starts the tour in place, "Learn more" opens the help topic on the move (both led to /help)', () => {
    for (const days of [30, 3, -2]) {
      const html = bannerHtml('en', days);
      // A button, not a link away: what it starts is the guided tour of the new version.
      expect(action(html, 'migration-try-now')).toMatchObject({ tag: 'button', href: null, text: 'Try it now' });
      expect(action(html, 'migration-learn-more')).toEqual({ tag: 'a', href: '/help/migration', text: 'Learn more' });
    }
  });

  it('uses Arabic’s own forms for one, two and a few days', () => {
    expect(bannerText('ar', 0)).toMatch(/^اليوم الأخير: /);
    expect(bannerText('ar', 1)).toContain('يوم واحد');
    expect(bannerText('ar', 2)).toContain('يومين');
    expect(bannerText('ar', 4)).toContain('4 أيام');
  });
});
