import { windows, type DemoDevice, type DemoSiteLayout, type DemoZone } from '../demoLayout.ts';

interface Room {
  key: string;
  name: string;
  floor: 1 | 2 | 3;
  kind: 'open' | 'meeting';
  /** Open spaces: share of the workforce; meeting rooms: seats. */
  size: number;
  volumeM3: number;
  daylight: number;
  busy?: number;
}

const rooms: Room[] = [
  { key: 'marine', name: 'Open space Marine', floor: 1, kind: 'open', size: 0.3, volumeM3: 2000, daylight: 0.8 },
  { key: 'gateway', name: 'Meeting room Gateway', floor: 1, kind: 'meeting', size: 8, volumeM3: 60, daylight: 0.5, busy: 0.55 },
  { key: 'horizon', name: 'Open space Horizon', floor: 2, kind: 'open', size: 0.32, volumeM3: 2200, daylight: 0.85 },
  { key: 'elephanta', name: 'Meeting room Elephanta', floor: 2, kind: 'meeting', size: 10, volumeM3: 75, daylight: 0.6, busy: 0.45 },
  { key: 'skyline', name: 'Open space Skyline', floor: 3, kind: 'open', size: 0.28, volumeM3: 1900, daylight: 0.9 },
  { key: 'boardroom', name: 'Boardroom', floor: 3, kind: 'meeting', size: 16, volumeM3: 110, daylight: 0.7, busy: 0.35 },
];

const zones: DemoZone[] = [
  { key: 'building', name: 'Building', areaM2: 9_800, tags: ['topology:site', 'Region:India'], counting: { source: { from: 'passages' }, maleShare: 0.57 } },
  { key: 'groundFloor', name: 'Ground floor', parent: 'building', areaM2: 1_400, tags: ['topology:floor'] },
  { key: 'lobby', name: 'Lobby', parent: 'groundFloor', areaM2: 380, tags: ['topology:entrance'] },
  ...([1, 2, 3] as const).map((f) => ({ key: `floor${f}`, name: `Floor ${f}`, parent: 'building', areaM2: 2_800, tags: ['topology:floor'] })),
  ...rooms.map((r) => ({
    key: r.key,
    name: r.name,
    parent: `floor${r.floor}`,
    areaM2: Math.round(r.volumeM3 / 3),
    tags: [r.kind === 'open' ? 'topology:open space' : 'topology:meeting room'],
    counting: {
      source: r.kind === 'open' ? { from: 'office' as const, share: r.size } : { from: 'meetings' as const, capacity: r.size, busy: r.busy ?? 0.4 },
    },
  })),
];

const devices: DemoDevice[] = [
  ...rooms.map((r) => ({
    key: `air-${r.key}`,
    name: `Air sensor · ${r.name}`,
    kind: 'atmosphere' as const,
    zone: r.key,
    volumeM3: r.volumeM3,
    daylight: r.daylight,
    floor: r.floor,
    occupancy: { zone: r.key, scale: 1 },
  })),
  { key: 'air-lobby', name: 'Air sensor · Lobby', kind: 'atmosphere', zone: 'lobby', volumeM3: 1_400, daylight: 0.9, floor: 0, occupancy: { zone: 'building', scale: 0.05 } },
  { key: 'meter-main', name: 'Main electricity meter', kind: 'meter', meterType: 'electricity', zone: 'building', capacity: 150 },
  { key: 'meter-solar', name: 'Rooftop solar array', kind: 'meter', meterType: 'solar', zone: 'building', capacity: 90 },
  { key: 'meter-water', name: 'Water meter', kind: 'meter', meterType: 'water', zone: 'building', capacity: 24 },
  { key: 'meter-heat', name: 'Hot water heat meter', kind: 'meter', meterType: 'heat', zone: 'building', capacity: 28 },
];

/** An office building in Mumbai (half-hour offset): floors of open spaces and meeting rooms. */
export const harbourPoint: DemoSiteLayout = {
  key: 'office',
  name: 'Harbour Point Offices',
  timezone: 'Asia/Kolkata',
  latitude: 18.94,
  longitude: 72.84,
  country: 'IN',
  city: 'Mumbai',
  address: 'Harbour Point, Ballard Estate, Fort, Mumbai 400001',
  areaM2: 9_800,
  changeOfDayTime: '00:00',
  openingHours: windows([1, 2, 3, 4, 5], [8, 0], [19, 0]),
  closedOn: ['01-26', '08-15', '10-02'],
  profile: 'office',
  dailyVisitors: 430,
  zones,
  passages: [{ key: 'entrance', name: 'Main entrance', zone: 'building', office: { share: 1 } }],
  devices,
  climate: {
    temperature: [24, 25, 27, 29, 30, 29, 28, 27.5, 28, 29, 28, 26],
    humidity: [60, 60, 65, 68, 70, 82, 87, 86, 82, 73, 65, 61],
    pm25: [75, 65, 50, 40, 35, 20, 12, 12, 18, 35, 60, 80],
    cloudiness: [0.1, 0.1, 0.1, 0.15, 0.25, 0.7, 0.85, 0.8, 0.6, 0.3, 0.15, 0.1],
    heatDemand: [1.35, 1.3, 1.1, 0.9, 0.8, 0.85, 0.9, 0.9, 0.9, 0.95, 1.1, 1.3],
    coolingDemand: [0.55, 0.6, 0.8, 1, 1.05, 0.85, 0.7, 0.7, 0.75, 0.85, 0.75, 0.6],
  },
};
