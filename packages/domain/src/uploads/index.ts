export * from './uploadLimits.ts';
export * from './zipDirectory.ts';
export * from './xmlScanner.ts';
export * from './imageHeader.ts';
