export * from './constants.ts';
export * from './currencies.ts';
export * from './csvRecords.ts';
export * from './salesDateHour.ts';
export * from './salesFileType.ts';
export * from './salesRows.ts';
export * from './salesFunnelQuery.ts';
export * from './salesSums.ts';
