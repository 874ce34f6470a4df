import { describe, expect, it, vi } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { MantineProvider } from '@mantine/core';
import i18next from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { cssVariablesResolver, theme } from '../../app/theme.ts';
import { DayRangeFields, zoneOptions } from './SiteZoneFields.tsx';

// The signed-in user's date format, as the caller gives it.
const caller = vi.hoisted(() => ({ dateFormat: 'DD/MM/YYYY' as string | null }));
vi.mock('../caller/CallerProvider.tsx', () => ({ useCaller: () => ({ me: { dateFormat: caller.dateFormat }, installations: [] }) }));

const i18n = i18next.createInstance();
void i18n.init({ lng: 'en', resources: {}, initAsync: false });

function render(value: { from: string; to: string }, errors: { from?: string; to?: string } = {}): string {
  return renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
        <DayRangeFields labels={{ from: 'From', to: 'To' }} value={value} onChange={() => {}} errors={errors} testId="export" />
      </MantineProvider>
    </I18nextProvider>,
  );
}

/** The text input carrying `testId`, as rendered. */
const input = (html: string, testId: string) => [...html.matchAll(/<input[^>]*>/g)].map((m) => m[0]).find((i) => i.includes(`data-testid="${testId}"`));
const shown = (html: string, testId: string) => /\svalue="([^"]*)"/.exec(input(html, testId) ?? '')?.[1];

describe('DayRangeFields', () => {
  it('shows the ISO days in the user’s date format, in text inputs carrying the test ids, required', () => {
    caller.dateFormat = 'DD/MM/YYYY';
    const html = render({ from: '2026-12-05', to: '2026-12-11' });
    for (const id of ['export-from', 'export-to']) {
      expect(input(html, id)).toBeDefined();
      expect(input(html, id)).not.toMatch(/type="date"/);
      expect(input(html, id)).toMatch(/\srequired/);
    }
    expect(shown(html, 'export-from')).toBe('05/12/2026');
    expect(shown(html, 'export-to')).toBe('11/12/2026');
    expect(html).toContain('From');
    expect(html).toContain('To');
  });

  it('follows each date format, and the default one when the stored format is unknown', () => {
    const cases: Array<[string | null, string]> = [
      ['MM/DD/YYYY', '12/05/2026'],
      ['YYYY-MM-DD', '2026-12-05'],
      ['DD.MM.YYYY', '05.12.2026'],
      [null, '05/12/2026'],
      ['D/M/YY', '05/12/2026'],
    ];
    for (const [format, text] of cases) {
      caller.dateFormat = format;
      expect(shown(render({ from: '2026-12-05', to: '2026-12-11' }), 'export-from')).toBe(text);
    }
  });

  it('leaves an empty day empty, the format as its placeholder, and says what is wrong', () => {
    caller.dateFormat = 'DD/MM/YYYY';
    const html = render({ from: '', to: '2026-12-11' }, { from: 'This field is required.' });
    expect(shown(html, 'export-from')).toBe('');
    expect(input(html, 'export-from')).toContain('placeholder="DD/MM/YYYY"');
    expect(input(html, 'export-from')).toContain('aria-invalid="true"');
    expect(html).toContain('This field is required.');
    expect(input(html, 'export-to')).not.toContain('aria-invalid="true"');
  });
});

describe('zoneOptions', () => {
  it('offers the site’s zones in their order, leaving deleted ones out', () => {
    const zone = (id: number, name: string, isDeleted: boolean, parentIds: number[] = [10]) => ({ id, name, parentIds, sensorId: null, isDisabled: false, isDeleted });
    const zones = [zone(10, 'Whole mall', false, []), zone(9, 'Old wing', true), zone(11, 'Ground floor', false)];
    expect(zoneOptions(zones)).toEqual([
      { value: '10', label: 'Whole mall' },
      { value: '11', label: 'Ground floor' },
    ]);
  });
});
