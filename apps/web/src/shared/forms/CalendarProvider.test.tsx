import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { MantineProvider } from '@mantine/core';
import { DatePicker } from '@mantine/dates';
import i18next from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { cssVariablesResolver, theme } from '../../app/theme.ts';
import { CalendarProvider } from './CalendarProvider.tsx';

function render(language: string): string {
  const i18n = i18next.createInstance();
  void i18n.init({ lng: language, resources: {}, initAsync: false });
  return renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
        <CalendarProvider>
          <DatePicker defaultDate="2026-12-01" />
        </CalendarProvider>
      </MantineProvider>
    </I18nextProvider>,
  );
}

/** The week days' headers of the month shown, in order. */
const weekdays = (html: string) => [...html.matchAll(/<th[^>]*>(.*?)<\/th>/g)].map((m) => m[1]!.replace(/<[^>]+>/g, ''));

describe('CalendarProvider', () => {
  it('names months and days in the interface language, the week from Monday', () => {
    const fr = render('fr');
    expect(fr).toContain('décembre 2026');
    expect(weekdays(fr)[0]).toMatch(/^lu/);
    const de = render('de');
    expect(de).toContain('Dezember 2026');
    expect(weekdays(de)[0]).toMatch(/^Mo/);
    const ar = render('ar');
    expect(ar).toContain('ديسمبر');
    const en = render('en');
    expect(en).toContain('December 2026');
    expect(weekdays(en)[0]).toMatch(/^Mo/);
    expect(weekdays(en)).toHaveLength(7);
  });
});
