import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { MantineProvider } from '@mantine/core';
import i18next from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { theme } from '../../../app/theme.ts';
import { SiteFiguresView } from './SiteFiguresView.tsx';
import type { SiteFiguresModel } from './siteFiguresModel.ts';

const i18n = i18next.createInstance();
void i18n.init({
  lng: 'en',
  initAsync: false,
  interpolation: { escapeValue: false },
  resources: {
    en: {
      translation: {
        sites: {
          figures: {
            today: 'Today',
            yesterday: 'Yesterday, {{date}}',
            none: { open: 'No figures yet today', closed: 'Closed now, no figures today', closedYesterdayToo: 'Closed now, no figures today or yesterday' },
            visitorsIn: 'Visitors',
          },
        },
      },
    },
  },
});

// Mantine's own style tags left out: the card's markup only.
const render = (model: SiteFiguresModel) =>
  renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <MantineProvider theme={theme}>
        <SiteFiguresView model={model} />
      </MantineProvider>
    </I18nextProvider>,
  ).replace(/<style[^>]*>[\s\S]*?<\/style>/g, '');

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim();

describe('SiteFiguresView', () => {
  it.each([
    ['open', 'No figures yet today'],
    ['closed', 'Closed now, no figures today'],
    ['closedYesterdayToo', 'Closed now, no figures today or yesterday'],
  ] as const)('says why a card has no figures (%s) instead of leaving it blank', (reason, words) => {
    const html = render({ kind: 'none', reason });
    expect(html).toContain('data-testid="site-figures-none"');
    expect(text(html)).toBe(words);
    expect(html).not.toContain('data-metric');
  });

  it("labels yesterday's figures with the word and the date", () => {
    const html = render({ kind: 'figures', day: 'yesterday', date: '2026-11-21', kpis: [{ metric: 'visitorsIn', unit: null, value: 1534 }] });
    expect(html).toContain('aria-label="Yesterday, Sat, Nov 21"');
    expect(text(html)).toBe('Yesterday, Sat, Nov 21 1,534 Visitors');
    expect(html).toContain('data-day="yesterday"');
  });

  it("labels today's figures as today", () => {
    const html = render({ kind: 'figures', day: 'today', date: '2026-11-22', kpis: [{ metric: 'visitorsIn', unit: null, value: 812 }] });
    expect(text(html)).toBe('Today 812 Visitors');
  });

  it('renders nothing for a site without key figures', () => {
    expect(render({ kind: 'hidden' })).toBe('');
  });
});
