import { describe, expect, it } from 'vitest';
import { valueText } from './valueText.ts';

const opts = { locale: 'en', live: false, occupancyTexts: { occupied: 'Occupied', free: 'Free' } };

describe('valueText', () => {
  it('formats with the domain rules and the widget flags', () => {
    expect(valueText('temperature', 21.456, opts)).toBe('21.5 °C');
    expect(valueText('temperature', 21.456, { ...opts, hideUnit: true })).toBe('21.5');
    expect(valueText('visitorsIn', null, opts)).toBe('-');
    expect(valueText('captureRate', 12.3456, { ...opts, isPercentage: true })).toBe('12.35%');
  });
  it('reads binary occupancy as occupied or free only when live', () => {
    expect(valueText('occupancy', 1, { ...opts, live: true })).toBe('Occupied');
    expect(valueText('occupancy', 0, { ...opts, live: true })).toBe('Free');
    expect(valueText('occupancy', 1, opts)).toBe('1');
  });
});
