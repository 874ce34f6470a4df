import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { DirectionProvider, MantineProvider } from '@mantine/core';
import i18next from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { cssVariablesResolver, theme } from '../../../app/theme.ts';
import { ZoneCard } from './ZoneCard.tsx';

const i18n = i18next.createInstance();
void i18n.init({ lng: 'en', resources: { en: { translation: { dataWidgets: { zones: { in: 'in {{name}}' } } } } }, initAsync: false });

const LONG = 'Galeries Rhône, level 2, food court and terraces by the river';

function render(dir: 'ltr' | 'rtl', name = LONG): string {
  return renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <DirectionProvider initialDirection={dir}>
        <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
          <ZoneCard name={name} disabled={false} parent="Level 2" value="1,696" change="+3 %" rows={['heading', 'value', 'change']} />
        </MantineProvider>
      </DirectionProvider>
    </I18nextProvider>,
  );
}

/** The opening tag of the element with a test id. */
const tag = (html: string, testId: string) => {
  const at = html.indexOf(`data-testid="${testId}"`);
  expect(at, testId).toBeGreaterThan(-1);
  return html.slice(html.lastIndexOf('<', at), html.indexOf('>', at) + 1);
};

describe('ZoneCard', () => {
  it('wraps the name onto two lines, whole in its text and its title, in its own direction', () => {
    const html = render('ltr');
    const name = tag(html, 'zone-name');
    expect(name).toContain('data-line-clamp="true"');
    expect(name).toContain('--text-line-clamp:2');
    expect(name).toContain(`title="${LONG}"`);
    expect(name).toContain('dir="auto"');
    // Read whole by screen readers: the text is the full name, only drawn shorter.
    expect(html).toContain(`>${LONG}</p>`);
    expect(html).toContain('title="in Level 2"');
  });

  it('aligns the name with the card’s start in either direction', () => {
    expect(tag(render('ltr'), 'zone-name')).toContain('text-align:left');
    expect(tag(render('rtl', 'Boulangerie Pernet'), 'zone-name')).toContain('text-align:right');
  });

  it('lays its parts on the rows the widget’s cards share', () => {
    const card = tag(render('ltr'), 'zone-card');
    expect(card).toContain('grid-template-rows:subgrid');
    expect(card).toContain('grid-row:span 3');
    expect(tag(render('ltr'), 'zone-value')).toContain('grid-row:2');
    expect(tag(render('ltr'), 'zone-evolution')).toContain('grid-row:3');
  });
});
