/**
 * Conversion factors of the energy and CO2 equivalents, per utility. Sources: French ADEME Base
 * Carbone / European averages (2024) for heat, water and gas; electricity by the site's country
 * below. An organization-level override is a later issue.
 */
export const CO2_KG_PER_UNIT: Readonly<Record<string, number>> = {
  electricityConsumption: 0.052, // kgCO2 per kWh, French grid mix (the factor of a site in France)
  heatConsumption: 0.107, // kgCO2 per kWh, district heating average
  waterConsumption: 0.132, // kgCO2 per m³, supply and treatment
  combustibleConsumption: 2.03, // kgCO2 per m³ of natural gas burnt
};

export const ENERGY_KWH_PER_UNIT: Readonly<Record<string, number>> = {
  electricityConsumption: 1,
  heatConsumption: 1,
  waterConsumption: 0.25, // kWh per m³, pumping and treatment
  combustibleConsumption: 10.5, // kWh per m³ of natural gas (higher heating value)
};

/**
 * kgCO2 per kWh of grid electricity, by ISO 3166 country code: a site's electricity weighs what its
 * country's grid emits (a Mumbai office on the French mix showed a fourteenth of its carbon).
 */
export const ELECTRICITY_CO2_KG_PER_KWH: Readonly<Record<string, number>> = {
  FR: 0.052, // ADEME Base Carbone, average French mix
  GB: 0.20705, // UK Government GHG conversion factors for company reporting 2024 (DESNZ), electricity generated
  IN: 0.727, // CEA CO2 Baseline Database for the Indian Power Sector v20.0 (2024), weighted average 2023-24
};

/** The world's average carbon intensity of electricity generation, 436 gCO2/kWh (Ember, Global Electricity Review 2023, for 2022): a site whose country has no factor above. */
export const WORLD_ELECTRICITY_CO2_KG_PER_KWH = 0.436;

const COUNTRY_ALIASES: Readonly<Record<string, string>> = { UK: 'GB', 'UNITED KINGDOM': 'GB', 'GREAT BRITAIN': 'GB', FRANCE: 'FR', INDIA: 'IN' };

/** A site's country (an ISO code or its English name, as sites hold it) as an ISO code, or null. */
export function countryCode(country: string | null | undefined): string | null {
  const plain = country?.trim().toUpperCase() ?? '';
  if (!plain) return null;
  return COUNTRY_ALIASES[plain] ?? (/^[A-Z]{2}$/.test(plain) ? plain : null);
}

/** kgCO2 per unit of a utility at a site in `country`: electricity by the country's grid, the others by the table above. */
export function co2KgPerUnit(utility: string, country: string | null | undefined): number | undefined {
  if (utility !== 'electricityConsumption') return CO2_KG_PER_UNIT[utility];
  const code = countryCode(country);
  return (code && ELECTRICITY_CO2_KG_PER_KWH[code]) || WORLD_ELECTRICITY_CO2_KG_PER_KWH;
}
