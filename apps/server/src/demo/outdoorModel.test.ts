import { describe, expect, it } from 'vitest';
import { dayContext } from './dayContext.ts';
import { DEMO_SITES } from './demoSites.ts';
import { dayNumber } from './localClock.ts';
import { heatingFactor, outdoorAt, outdoorDay } from './outdoorModel.ts';

const resolved = (layout: (typeof DEMO_SITES)[number]) => ({ layout, organizationId: 1, installationId: 1, zoneIds: new Map(), passageIds: new Map(), deviceIds: new Map() });
const year = (layout: (typeof DEMO_SITES)[number]) => Array.from({ length: 365 }, (_, i) => dayContext(resolved(layout), 2026, dayNumber(2025, 1, 1) + i, 0));

describe('the demo outdoor temperature', () => {
  it.each(DEMO_SITES.map((s) => [s.name, s]))('keeps each month of %s near its normal, with spells of colder and milder days', (_name, layout) => {
    const days = year(layout);
    for (let month = 1; month <= 12; month++) {
      const means = days.filter((d) => d.cal.month === month).map((d) => outdoorDay(d).mean);
      const average = means.reduce((a, b) => a + b, 0) / means.length;
      expect(Math.abs(average - layout.climate!.temperature[month - 1]!), `${layout.key} month ${month}`).toBeLessThan(2);
    }
    const anomalies = days.map((d) => outdoorDay(d).mean - outdoorDay(d).normal);
    expect(Math.max(...anomalies) - Math.min(...anomalies)).toBeGreaterThan(layout.key === 'office' ? 2.5 : 7);
  });

  it('is coldest before dawn and warmest mid-afternoon, the day’s mean over the hours', () => {
    const [ctx] = year(DEMO_SITES[0]!);
    const hours = Array.from({ length: 24 }, (_, h) => outdoorAt(ctx!, h * 60));
    expect(hours.indexOf(Math.min(...hours))).toBe(3);
    expect(hours.indexOf(Math.max(...hours))).toBe(15);
    expect(hours.reduce((a, b) => a + b, 0) / 24).toBeCloseTo(outdoorDay(ctx!).mean, 9);
  });

  it('asks for more heat on days colder than the month’s usual, less on milder ones', () => {
    for (const ctx of year(DEMO_SITES[0]!)) {
      const { mean, normal } = outdoorDay(ctx);
      const factor = heatingFactor(ctx);
      if (mean < normal - 0.1) expect(factor).toBeGreaterThan(1);
      if (mean > normal + 0.1) expect(factor).toBeLessThan(1);
      expect(factor).toBeGreaterThanOrEqual(0.6);
      expect(factor).toBeLessThanOrEqual(1.5);
    }
  });
});
