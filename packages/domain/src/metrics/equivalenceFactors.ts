/**
 * Conversion factors of the energy and CO2 equivalents, per utility. Sources: French ADEME Base
 * Carbone / European averages (2024); an organization-level override is a later issue.
 */
export const CO2_KG_PER_UNIT: Readonly<Record<string, number>> = {
  electricityConsumption: 0.052, // kgCO2 per kWh, French grid mix
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
