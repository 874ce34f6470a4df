export * from './installations/openingHours.ts';
export * from './metrics/storedMetrics.ts';
