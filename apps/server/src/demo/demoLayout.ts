import type { OpeningHoursWindow } from '@sitelens/domain';

/** How the demo describes a site: names and structure for the tables, parameters for the curves. */
export type SiteKey = 'shoppingCentre' | 'fashionStore' | 'office';

export interface DemoSiteLayout {
  key: SiteKey;
  name: string;
  timezone: string;
  latitude: number;
  longitude: number;
  country: string;
  city: string;
  address: string;
  areaM2: number;
  changeOfDayTime: string;
  openingHours: OpeningHoursWindow[];
  /** Public holidays the site is closed on, as 'MM-DD'. */
  closedOn: readonly string[];
  /** retail: shoppers through the day; office: a workforce that arrives, lunches and leaves. */
  profile: 'retail' | 'office';
  /** Entries (retail) or people on site (office) on an ordinary weekday. */
  dailyVisitors: number;
  zones: DemoZone[];
  passages: DemoPassage[];
  devices: DemoDevice[];
  /** Monthly outdoor normals (January first): the site's outdoor temperature; air sensors and meters read the rest. */
  climate?: Climate;
}

export interface Climate {
  /** Mean outdoor temperature of each month, °C. */
  temperature: readonly number[];
  humidity: readonly number[];
  pm25: readonly number[];
  /** 0 (clear skies) to 1 (monsoon overcast). */
  cloudiness: readonly number[];
  /** Heating (or hot water) demand against the yearly average. */
  heatDemand: readonly number[];
  /** Cooling load against the yearly average. */
  coolingDemand: readonly number[];
}

/** Tags are written 'Category:Tag', e.g. 'topology:shop', 'Brand category:Fashion'. */
export interface DemoZone {
  key: string;
  name: string;
  parent?: string;
  areaM2?: number;
  tags: readonly string[];
  counting?: ZoneCounting;
  queue?: { peakLength: number; serviceSeconds: number };
  /**
   * A shop whose tills' receipts the demo imports as a sales file: its shop code, the currency it
   * sells in, and the day's conversion, items per basket and basket price ranges.
   */
  sales?: { shopCode: string; currency: string; conversion: [number, number]; basketSize: [number, number]; basketPrice: [number, number] };
  /**
   * Pedestrians passing by: summed from the zone's street passages (true, a shop's window counter),
   * or, for a zone without them, its expected entries times `ratio` (the street outside a centre's
   * entrances, a floor's landing). Left out, the engine reads the zone's dependents: a floor would
   * read only the windows of its shops with tills, fewer than the floor's own visitors.
   */
  pedestrians?: true | { ratio: [number, number] };
}

export type CountingSource =
  /** The sum of the passages that enter the zone. */
  | { from: 'passages' }
  /** Its own sensor (escalators, inner doors): a share of the site's visitors, leaving after `lag` minutes. */
  | { from: 'flow'; share: number; lag: number }
  /** The buyers: the zone's sales orders walking through. */
  | { from: 'sales'; zone: string; lag: number }
  /** A share of the office workforce. */
  | { from: 'office'; share: number }
  /** Booked meetings of 2 to `capacity` people; `busy` is the chance a half hour starts one. */
  | { from: 'meetings'; capacity: number; busy: number };

export interface ZoneCounting {
  source: CountingSource;
  /** Counted by gender (cameras) when set. */
  maleShare?: number;
  engagedShare?: number;
  dwellSeconds?: number;
}

export interface DemoPassage {
  key: string;
  name: string;
  /** The zone entered (or, for a street passage, the zone it fronts). */
  zone: string;
  flow?: { share: number; lag: number };
  office?: { share: number };
  /** Pedestrians walking past: `ratio` times the entries of the zone, per 15 minutes. */
  street?: { ratio: [number, number] };
}

export type MeterType = 'electricity' | 'water' | 'heat' | 'solar';

export interface DemoDevice {
  key: string;
  name: string;
  kind: 'atmosphere' | 'meter';
  zone: string;
  meterType?: MeterType;
  /** Atmosphere: room volume, window light, floor; occupancy of `occupancy.zone` scaled. */
  volumeM3?: number;
  daylight?: number;
  floor?: number;
  occupancy?: { zone: string; scale: number };
  /** Meters: rated power (kW) or flow (m³ per day) on an ordinary weekday. */
  capacity?: number;
}

/** Same-day windows for the given ISO weekdays. */
export function windows(days: number[], open: [number, number], close: [number, number]): OpeningHoursWindow[] {
  return days.map((d) => ({
    beginDay: d,
    beginHour: open[0],
    beginMinute: open[1],
    endDay: d,
    endHour: close[0],
    endMinute: close[1],
    reset: true,
  }));
}
