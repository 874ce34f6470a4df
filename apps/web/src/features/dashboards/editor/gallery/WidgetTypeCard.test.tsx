import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { DirectionProvider, MantineProvider } from '@mantine/core';
import i18next from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { WIDGET_TYPES, type WidgetType } from '@sitelens/domain';
import { cssVariablesResolver, theme } from '../../../../app/theme.ts';
import { WidgetTypeCard } from './WidgetTypeCard.tsx';

const i18n = i18next.createInstance();
void i18n.init({ lng: 'en', resources: { en: { translation: { widgetGallery: { types: { gridChart: { name: 'Grid chart', description: 'A coloured grid' } } } } } }, initAsync: false });

const render = (type: WidgetType) =>
  renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <DirectionProvider initialDirection="rtl">
        <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
          <WidgetTypeCard type={type} onPick={() => {}} onKeyDown={() => {}} />
        </MantineProvider>
      </DirectionProvider>
    </I18nextProvider>,
  );

describe('WidgetTypeCard', () => {
  it('is a button named by the type and described by its one-line description', () => {
    const html = render('gridChart');
    expect(html).toMatch(/<button[^>]*data-widget-type="gridChart"/);
    expect(html).toContain('aria-describedby="widget-gallery-gridChart-description"');
    expect(html).toContain('id="widget-gallery-gridChart-description"');
    expect(html).toContain('Grid chart');
    expect(html).toContain('A coloured grid');
  });

  it.each([...WIDGET_TYPES])('draws a decorative thumbnail for %s', (type) => {
    const html = render(type);
    expect(html).toMatch(/<svg[^>]*aria-hidden="true"/);
    expect(html).toMatch(/<svg[^>]*>.*<(rect|path|circle)/);
  });
});
