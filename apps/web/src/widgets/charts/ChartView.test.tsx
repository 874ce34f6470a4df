import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { ApolloClient, ApolloLink, ApolloProvider, InMemoryCache } from '@apollo/client';
import { MantineProvider } from '@mantine/core';
import i18next from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { theme } from '../../app/theme.ts';
import type { WidgetContext } from '../core/widgetContext.ts';
import { chartComponent } from './ChartView.tsx';
import { hourly, result, testWidget } from './testFixtures.ts';

const i18n = i18next.createInstance();
void i18n.init({ lng: 'en', resources: {}, initAsync: false });

const context = {
  site: { id: 1, name: 'Store', timezone: 'Europe/Paris', changeOfDayTime: '00:00', openingHours: [], creationDate: '2026-01-01' },
  filters: { timespans: [] },
  pageKind: 'counting',
} as unknown as WidgetContext;

/** A chart's first render, before the browser has measured anything (width 0). */
function firstRender(needsWidth: boolean): string {
  const Chart = chartComponent(() => ({ series: [] }), { needsWidth });
  const client = new ApolloClient({ cache: new InMemoryCache(), link: ApolloLink.empty() });
  return renderToStaticMarkup(
    <ApolloProvider client={client}>
      <I18nextProvider i18n={i18n}>
        <MantineProvider theme={theme}>
          <Chart widget={testWidget('lineChart', ['visitorsIn'])} results={[result('visitorsIn', [hourly('all', 'all', [1, 2])])]} context={context} live={false} height={320} />
        </MantineProvider>
      </I18nextProvider>
    </ApolloProvider>,
  );
}

describe('a chart waiting for its width', () => {
  it('keeps its height while the width is measured, so its card does not fold to its title and grow back', () => {
    const html = firstRender(true);
    expect(html).toMatch(/<div style="height:320px" data-testid="chart-measuring"><\/div>/);
    expect(html).not.toContain('data-testid="chart"');
  });

  it('draws at once when its layout does not depend on the width', () => {
    const html = firstRender(false);
    expect(html).toContain('data-testid="chart"');
    expect(html).not.toContain('chart-measuring');
  });
});
