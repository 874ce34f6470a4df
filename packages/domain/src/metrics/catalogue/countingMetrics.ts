import { LIMITED_WIDGET_MAX_DAYS } from '../constants.ts';
import type { MetricDefinition } from './metricDefinition.ts';

type Entry = Omit<MetricDefinition, 'family'>;
const counting = (e: Entry): MetricDefinition => ({ family: 'counting', ...e });
const stored = (id: string) => ({ id, kind: 'stored', storedAs: id }) as const;
const derived = (id: string, formula: string, ...inputs: string[]) => ({ id, kind: 'derived', derivation: { inputs, formula } }) as const;

const people = { unit: null, precision: 0, maximum: 'sum', defaultAggregation: 'sum' } as const;
const level = { maximum: 'max', defaultAggregation: 'average' } as const;
const duration = { unit: 's', precision: 0, isDuration: true, ...level } as const;
/** Ratio metrics default to the weighted percentage: the ratio of the summed inputs, not a mean of ratios. */
const rate = { unit: '%', precision: 2, percentage: true, maximum: 'hundred', defaultAggregation: 'weightedPercentage' } as const;

export const COUNTING_METRICS: readonly MetricDefinition[] = [
  counting({ ...stored('visitorsIn'), ...people, color: '#2563EB', icon: 'IconDoorEnter' }),
  counting({ ...stored('visitorsOut'), ...people, color: '#DC2626', icon: 'IconDoorExit' }),
  counting({ ...stored('pedestrians'), ...people, color: '#57534E', icon: 'IconWalk' }),
  counting({ ...stored('dwell'), ...duration, color: '#9333EA', icon: 'IconClockHour4' }),
  counting({ ...stored('groupCount'), ...people, color: '#0D9488', icon: 'IconUsersGroup' }),
  counting({ ...stored('groupSize'), unit: null, precision: 1, ...level, color: '#4F46E5', icon: 'IconFriends' }),
  counting({ ...stored('queueLength'), unit: null, precision: 1, ...level, color: '#EA580C', icon: 'IconListNumbers' }),
  counting({ ...stored('waitingTime'), ...duration, color: '#A16207', icon: 'IconHourglass' }),
  // In minus out, accumulated from the start of the business day (reset at the change-of-day time).
  counting({
    ...derived('inside', 'cumulativeDifference', 'visitorsIn', 'visitorsOut'),
    unit: null,
    precision: 0,
    maximum: 'max',
    defaultAggregation: 'last',
    color: '#16A34A',
    icon: 'IconUsers',
  }),
  // Binary: 1 occupied, 0 free (shown as occupied or free when live).
  counting({
    ...derived('occupancy', 'presence', 'inside'),
    unit: null,
    precision: 0,
    maximum: 1,
    defaultAggregation: 'last',
    color: '#475569',
    icon: 'IconArmchair',
  }),
  counting({ ...derived('density', 'perArea', 'inside'), unit: 'p/m²', precision: 2, ...level, color: '#DB2777', icon: 'IconLayoutGrid' }),
  counting({ ...derived('reverseDensity', 'areaPer', 'inside'), unit: 'm²/p', precision: 2, ...level, color: '#9D174D', icon: 'IconDimensions' }),
  counting({ ...derived('captureRate', 'ratio', 'visitorsIn', 'pedestrians'), ...rate, color: '#0284C7', icon: 'IconMagnet' }),
  counting({ ...derived('conversionRate', 'ratio', 'orders', 'visitorsIn'), ...rate, right: 'salesData', color: '#0F766E', icon: 'IconShoppingCartCheck' }),
  // The zone's entries as a share of its parent zone's entries.
  counting({ ...derived('popularity', 'shareOfParent', 'visitorsIn'), ...rate, color: '#C2410C', icon: 'IconStars' }),
  // Need identities (Wi-Fi, BLE or UWB) that STORED_METRICS does not hold yet; deduplication reads raw data.
  counting({ ...stored('uniqueVisitors'), ...people, limitedRangeDays: LIMITED_WIDGET_MAX_DAYS, color: '#7C3AED', icon: 'IconFingerprint' }),
  counting({ ...stored('returningVisitors'), ...people, limitedRangeDays: LIMITED_WIDGET_MAX_DAYS, color: '#6D28D9', icon: 'IconRepeat' }),
  counting({ ...stored('abandonRate'), ...rate, defaultAggregation: 'average', color: '#B91C1C', icon: 'IconUserMinus' }),
  counting({ ...stored('walkThrough'), ...people, color: '#4D7C0F', icon: 'IconArrowsLeftRight' }),
  counting({ ...stored('refusalRate'), ...rate, defaultAggregation: 'average', color: '#9A3412', icon: 'IconBan' }),
  counting({ ...stored('uwbVisitorsIn'), ...people, color: '#1D4ED8', icon: 'IconAntenna' }),
  counting({ ...stored('uwbVisitorsOut'), ...people, color: '#991B1B', icon: 'IconAntennaOff' }),
  counting({
    ...derived('uwbInside', 'cumulativeDifference', 'uwbVisitorsIn', 'uwbVisitorsOut'),
    unit: null,
    precision: 0,
    maximum: 'max',
    defaultAggregation: 'last',
    color: '#15803D',
    icon: 'IconRadar',
  }),
];
