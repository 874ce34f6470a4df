import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { MantineProvider } from '@mantine/core';
import i18next from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { cssVariablesResolver, theme } from '../../app/theme.ts';
import { CodeInput } from './CodeInput.tsx';

const i18n = i18next.createInstance();
void i18n.init({
  lng: 'fr',
  resources: { fr: { translation: { common: { codeDigit: '{{label}}, chiffre {{position}} sur {{total}}' } } } },
  interpolation: { escapeValue: false },
  initAsync: false,
});

function render(length?: number): string {
  return renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
        <CodeInput label="Code à usage unique" value="" onChange={() => {}} onComplete={() => {}} testId="otp" length={length} />
      </MantineProvider>
    </I18nextProvider>,
  );
}

const boxes = (html: string) => [...html.matchAll(/<input(?![^>]*type="hidden")[^>]*>/g)].map((m) => m[0]);
const nameOf = (tag: string) => /aria-label="([^"]*)"/.exec(tag)?.[1];

describe('CodeInput', () => {
  it('names each box with the translated label and its position, never Mantine’s "PinInput"', () => {
    const html = render();
    expect(html).not.toContain('PinInput"');
    expect(boxes(html).map(nameOf)).toEqual([1, 2, 3, 4, 5, 6].map((n) => `Code à usage unique, chiffre ${n} sur 6`));
  });

  it('names the group of boxes with the label', () => {
    expect(/<div[^>]*role="group"[^>]*>/.exec(render())?.[0]).toContain('aria-label="Code à usage unique"');
  });

  it('counts the boxes of a longer code', () => {
    expect(boxes(render(8)).map(nameOf).at(-1)).toBe('Code à usage unique, chiffre 8 sur 8');
  });
});
