import type { RealTimeMode, Widget } from './widgetModel.ts';

// A widget's fields as the API's JSON and the admin tool's messages give them: loose values read
// once, here, with the domain's defaults (the dashboards and the widget builder both read them).

/** A plain object (not null, not a list): what loose JSON must be before its fields are read. */
export const isJsonRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

const REAL_TIME_MODES: readonly unknown[] = ['slow', 'fast', 'live'] satisfies RealTimeMode[];

/** A widget's category: `specific` when said so, else `global`. */
export const widgetCategoryOf = (v: unknown): Widget['category'] => (v === 'specific' ? 'specific' : 'global');

/** A widget's kind: `live` when said so, else `custom`. */
export const widgetKindOf = (v: unknown): Widget['kind'] => (v === 'live' ? 'live' : 'custom');

/** A widget's refresh mode, or null for anything but the three modes. */
export const realTimeModeOf = (v: unknown): RealTimeMode | null => (REAL_TIME_MODES.includes(v) ? (v as RealTimeMode) : null);
