import { describe, expect, it } from 'vitest';
import { accessibleName, tooltipContent, tooltipFlags, tooltipMode, tooltipPosition } from './mapTooltip.ts';
import { COUNT_BANDS, planConfig } from './testConfig.ts';

const config = planConfig({ tooltipConfig: { backgroundColors: ['#111111', '#222222'], textColors: ['#FFFFFF', '#EEEEEE'] } });
const view = { id: 'v', metrics: [{ type: 'visitorsIn' }, { type: 'dwell' }] };
const shoes = config.elements[1]!;
const input = (flags = tooltipFlags(config, view)) => ({
  element: shoes,
  title: 'Shoes',
  metrics: view.metrics,
  values: new Map<string, number | null>([
    ['visitorsIn', 1234],
    ['dwell', 3725],
  ]),
  colour: { fill: '#93C5FD', band: COUNT_BANDS[1]!, bandIndex: 1, value: 1234, scale: '' },
  flags,
  locale: 'en',
  metricName: (m: string) => ({ visitorsIn: 'Visitors in', dwell: 'Dwell time' })[m] ?? m,
});

describe('tooltipContent', () => {
  it('gives the title, then icon, name, value with unit and band text per metric', () => {
    const content = tooltipContent(input());
    expect(content.title).toBe('Shoes');
    expect(content.lines).toEqual([
      { metric: 'visitorsIn', icon: 'IconDoorEnter', label: 'Visitors in', value: '1,234', caption: 'Steady' },
      { metric: 'dwell', icon: 'IconClockHour4', label: 'Dwell time', value: '1h 2m' },
    ]);
    // Colours per band level: the second band's.
    expect([content.background, content.color]).toEqual(['#222222', '#EEEEEE']);
    expect(accessibleName('Shoes', content)).toBe('Shoes, Visitors in 1,234 (Steady), Dwell time 1h 2m');
  });

  it('honours every flag of tooltipConfig and hideMetricsName', () => {
    const off = planConfig({ hideMetricsName: true, tooltipConfig: { useTitle: false, useIcon: false, useUnit: false } });
    const content = tooltipContent(input(tooltipFlags(off, { ...view, hideTooltipCaptions: true })));
    expect(content.title).toBeUndefined();
    expect(content.lines[0]).toEqual({ metric: 'visitorsIn', value: '1,234' });
    const noValue = tooltipContent(input(tooltipFlags(planConfig({ tooltipConfig: { useValue: false } }), view)));
    expect(noValue.lines[0]).toEqual({ metric: 'visitorsIn', icon: 'IconDoorEnter', label: 'Visitors in', caption: 'Steady' });
  });

  it('hides the unit when useUnit is off', () => {
    const co2 = { ...input(tooltipFlags(planConfig({ tooltipConfig: { useUnit: false } }), view)), metrics: [{ type: 'co2' }], values: new Map([['co2', 812]]) };
    expect(tooltipContent(co2).lines[0]!.value).toBe('812');
    expect(tooltipContent({ ...co2, flags: tooltipFlags(planConfig(), view) }).lines[0]!.value).toBe('812 ppm');
  });

  it('prefers the element’s own tooltip colours and captions', () => {
    const element = { ...shoes, tooltip: { background: '#000000', captions: ['Level 0'] } };
    const content = tooltipContent({ ...input(), element });
    expect(content.background).toBe('#000000');
    expect(content.captions).toEqual(['Level 0']);
  });
});

describe('tooltip mode and position', () => {
  it('is hover and centred by default', () => {
    expect(tooltipMode(planConfig(), view)).toBe('hover');
    expect(tooltipPosition(shoes)).toBe('center');
  });
  it('follows the view, then the map, then tooltipAlwaysVisible', () => {
    expect(tooltipMode(planConfig({ tooltipConfig: { mode: 'hover' } }), { ...view, tooltipConfig: { mode: 'always' } })).toBe('always');
    expect(tooltipMode(planConfig({ tooltipAlwaysVisible: true }), view)).toBe('always');
    expect(tooltipPosition({ tooltipPosition: 'bottom' })).toBe('bottom');
    expect(tooltipPosition({ tooltipPosition: 'bottom', tooltip: { position: 'top' } })).toBe('top');
  });
});
