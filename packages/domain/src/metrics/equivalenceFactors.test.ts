import { describe, expect, it } from 'vitest';
import { CO2_KG_PER_UNIT, WORLD_ELECTRICITY_CO2_KG_PER_KWH, co2KgPerUnit, countryCode } from './equivalenceFactors.ts';

describe('co2KgPerUnit', () => {
  it('weighs electricity by the grid of the site’s country, named or coded', () => {
    expect(co2KgPerUnit('electricityConsumption', 'India')).toBe(0.727);
    expect(co2KgPerUnit('electricityConsumption', 'IN')).toBe(0.727);
    expect(co2KgPerUnit('electricityConsumption', 'France')).toBe(0.052);
    expect(co2KgPerUnit('electricityConsumption', 'United Kingdom')).toBe(0.20705);
    expect(co2KgPerUnit('electricityConsumption', ' uk ')).toBe(0.20705);
  });

  it('takes the world average for a country without a factor, or none', () => {
    expect(co2KgPerUnit('electricityConsumption', 'BR')).toBe(WORLD_ELECTRICITY_CO2_KG_PER_KWH);
    expect(co2KgPerUnit('electricityConsumption', 'Atlantis')).toBe(WORLD_ELECTRICITY_CO2_KG_PER_KWH);
    expect(co2KgPerUnit('electricityConsumption', null)).toBe(WORLD_ELECTRICITY_CO2_KG_PER_KWH);
  });

  it('keeps the other utilities’ factors wherever the site is', () => {
    expect(co2KgPerUnit('waterConsumption', 'India')).toBe(CO2_KG_PER_UNIT.waterConsumption);
    expect(co2KgPerUnit('combustibleConsumption', null)).toBe(CO2_KG_PER_UNIT.combustibleConsumption);
    expect(co2KgPerUnit('unknownUtility', 'France')).toBeUndefined();
  });
});

describe('countryCode', () => {
  it('reads an ISO code or a known English name', () => {
    expect(countryCode('gb')).toBe('GB');
    expect(countryCode('Great Britain')).toBe('GB');
    expect(countryCode('')).toBeNull();
    expect(countryCode('Middle Earth')).toBeNull();
  });
});
