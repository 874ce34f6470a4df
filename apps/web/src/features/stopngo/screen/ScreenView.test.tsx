import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { MantineProvider } from '@mantine/core';
import { stopNGoI18n } from '../testCatalogues.ts';
import { ScreenView } from './ScreenView.tsx';

const voices = (...langs: string[]) => langs.map((lang) => ({ lang, t: stopNGoI18n.getFixedT(lang) }));
const render = (langs: string[], figures: { inside: number; limit: number | null; placesLeft: number | null }) =>
  renderToStaticMarkup(
    <MantineProvider>
      <ScreenView model={{ tone: figures.limit !== null && figures.inside >= figures.limit ? 'stop' : 'go', figures, languages: langs }} voices={voices(...langs)} />
    </MantineProvider>,
  );
const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim();
/** The element with this test id, up to its closing tag (the markup of these is flat enough). */
const part = (html: string, testId: string) => {
  const start = html.indexOf(`data-testid="${testId}"`);
  return html.slice(html.lastIndexOf('<', start), html.indexOf('</span>', start) + 7);
};
const pair = (html: string) => html.slice(html.lastIndexOf('<', html.indexOf('data-testid="stopngo-inside"')), html.lastIndexOf('<', html.indexOf('data-testid="stopngo-places-left"')));

describe('ScreenView: inside / maximum', () => {
  it.each([
    ['ar', 'en'],
    ['de', 'ar'],
    ['ar', 'de'],
    ['en', 'fr'],
  ])('%s then %s: "48 / 40" in a left-to-right run, inside first, each figure with its own words under it', (first, second) => {
    const html = render([first, second], { inside: 48, limit: 40, placesLeft: 0 });
    const figure = pair(html);
    // Isolated left to right, whatever the page's direction (an Arabic page's <main dir="rtl">).
    expect(figure).toMatch(/^<div[^>]*dir="ltr"/);
    expect(html).toMatch(first === 'ar' ? /<main[^>]*dir="rtl"/ : /<main[^>]*dir="ltr"/);
    const order = ['stopngo-inside-value', 'stopngo-screen-limit', 'stopngo-inside-labels', 'stopngo-limit-labels'].map((id) => figure.indexOf(`data-testid="${id}"`));
    expect(order.every((at, i) => at >= 0 && (i === 0 || at > order[i - 1]!))).toBe(true);
    expect(text(part(figure, 'stopngo-inside-value'))).toBe('48');
    expect(text(part(figure, 'stopngo-screen-limit'))).toBe('40');
    // No label names both figures in one line, whose order would then follow the language's direction.
    expect(figure).not.toMatch(/ \/ [^<]/);
  });

  it('names the figures in each language, with the plural of the count', () => {
    const html = render(['ar', 'en'], { inside: 48, limit: 40, placesLeft: 0 });
    expect(text(pair(html))).toBe('48 / 40 شخصًا في الداخل People inside الحد الأقصى Maximum');
    expect(text(render(['en'], { inside: 1, limit: 40, placesLeft: 39 }))).toContain('1 / 40 Person inside Maximum 39 Places left');
    expect(text(render(['en'], { inside: 39, limit: 40, placesLeft: 1 }))).toContain('39 / 40 People inside Maximum 1 Place left');
    expect(text(render(['de', 'ar'], { inside: 39, limit: 40, placesLeft: 1 }))).toContain('1 Freier Platz مكان متبقٍ');
    expect(text(render(['ar'], { inside: 5, limit: null, placesLeft: null }))).toContain('5 أشخاص في الداخل');
  });

  it('gives every label its language and direction', () => {
    const html = render(['de', 'ar'], { inside: 39, limit: 40, placesLeft: 1 });
    expect(html).toContain('lang="ar" dir="rtl">الحد الأقصى<');
    expect(html).toContain('lang="de" dir="ltr">Höchstzahl<');
  });
});
