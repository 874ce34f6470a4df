import { windows, type DemoPassage, type DemoSiteLayout, type DemoZone } from '../demoLayout.ts';

interface Shop {
  key: string;
  name: string;
  floor: 'ground' | 'level1' | 'level2';
  brand: string;
  /** Share of the centre's visitors who walk in. */
  share: number;
  maleShare: number;
  engagedShare: number;
  dwellSeconds: number;
  /** The shop's tills (receipts imported as a sales file) and the mall corridor outside its window. */
  sales?: { shopCode: string; conversion: [number, number]; basketSize: [number, number]; basketPrice: [number, number]; passersBy: [number, number] };
}

const shops: Shop[] = [
  {
    key: 'clemence',
    name: 'Maison Clémence',
    floor: 'ground',
    brand: 'Fashion',
    share: 0.11,
    maleShare: 0.3,
    engagedShare: 0.52,
    dwellSeconds: 620,
    sales: { shopCode: 'LYO-011', conversion: [0.14, 0.22], basketSize: [1.2, 2.2], basketPrice: [45, 90], passersBy: [3, 5] },
  },
  { key: 'pernet', name: 'Boulangerie Pernet', floor: 'ground', brand: 'Food', share: 0.14, maleShare: 0.46, engagedShare: 0.71, dwellSeconds: 240 },
  { key: 'pharmacie', name: 'Pharmacie du Rhône', floor: 'ground', brand: 'Services', share: 0.07, maleShare: 0.38, engagedShare: 0.64, dwellSeconds: 360 },
  { key: 'optique', name: 'Optique Bellecour', floor: 'ground', brand: 'Services', share: 0.03, maleShare: 0.45, engagedShare: 0.58, dwellSeconds: 900 },
  { key: 'nordlys', name: 'Nordlys Denim', floor: 'level1', brand: 'Fashion', share: 0.09, maleShare: 0.48, engagedShare: 0.47, dwellSeconds: 540 },
  {
    key: 'voltaire',
    name: 'Voltaire Électronique',
    floor: 'level1',
    brand: 'Electronics',
    share: 0.08,
    maleShare: 0.64,
    engagedShare: 0.55,
    dwellSeconds: 780,
    sales: { shopCode: 'LYO-021', conversion: [0.07, 0.12], basketSize: [1, 1.6], basketPrice: [80, 240], passersBy: [4, 7] },
  },
  { key: 'canuts', name: 'Librairie des Canuts', floor: 'level1', brand: 'Culture', share: 0.05, maleShare: 0.42, engagedShare: 0.6, dwellSeconds: 840 },
  { key: 'beaute', name: 'Atelier Beauté', floor: 'level1', brand: 'Beauty', share: 0.06, maleShare: 0.2, engagedShare: 0.56, dwellSeconds: 480 },
  {
    key: 'sportissimo',
    name: 'Sportissimo',
    floor: 'level2',
    brand: 'Sports',
    share: 0.06,
    maleShare: 0.58,
    engagedShare: 0.5,
    dwellSeconds: 660,
    sales: { shopCode: 'LYO-031', conversion: [0.11, 0.18], basketSize: [1.3, 2.4], basketPrice: [35, 85], passersBy: [5, 8] },
  },
  { key: 'terreaux', name: 'Café des Terreaux', floor: 'level2', brand: 'Food', share: 0.1, maleShare: 0.5, engagedShare: 0.78, dwellSeconds: 1500 },
];

const zones: DemoZone[] = [
  {
    key: 'centre',
    name: 'Whole centre',
    areaM2: 42_000,
    tags: ['topology:site', 'Region:France'],
    counting: { source: { from: 'passages' }, maleShare: 0.44 },
    // The street outside the four entrances: about a third of who passes comes in.
    pedestrians: { ratio: [2.6, 3.8] },
  },
  ...(
    [
      ['ground', 'Ground floor', 0.93, 50, 16_000, 0.4],
      ['level1', 'Level 1', 0.56, 38, 14_000, 0.46],
      ['level2', 'Level 2', 0.42, 45, 12_000, 0.53],
    ] as const
  ).map(([key, name, share, lag, areaM2, maleShare]) => ({
    key,
    name,
    parent: 'centre',
    areaM2,
    tags: ['topology:floor'],
    // Floor counters tell men from women too, so a floor's gender split answers for the floor.
    counting: { source: { from: 'flow' as const, share, lag }, maleShare },
    // Who passes the floor's landing (escalators, lifts): most of them step onto the floor.
    pedestrians: { ratio: [1.25, 1.8] as [number, number] },
  })),
  ...shops.map((s) => ({
    key: s.key,
    name: s.name,
    parent: s.floor,
    tags: ['topology:shop', `Brand category:${s.brand}`],
    counting: { source: { from: 'passages' as const }, maleShare: s.maleShare, engagedShare: s.engagedShare, dwellSeconds: s.dwellSeconds },
    ...(s.sales
      ? {
          sales: { shopCode: s.sales.shopCode, currency: 'EUR', conversion: s.sales.conversion, basketSize: s.sales.basketSize, basketPrice: s.sales.basketPrice },
          pedestrians: true as const,
        }
      : {}),
  })),
  { key: 'foodQueue', name: 'Food court queue', parent: 'level2', tags: ['topology:queue', 'Brand category:Food'], queue: { peakLength: 22, serviceSeconds: 35 } },
];

const passages: DemoPassage[] = [
  { key: 'north', name: 'North entrance', zone: 'centre', flow: { share: 0.32, lag: 70 } },
  { key: 'south', name: 'South entrance', zone: 'centre', flow: { share: 0.21, lag: 65 } },
  { key: 'metro', name: 'Metro entrance', zone: 'centre', flow: { share: 0.29, lag: 55 } },
  { key: 'carPark', name: 'Car park entrance', zone: 'centre', flow: { share: 0.18, lag: 95 } },
  ...shops.map((s) => ({ key: `${s.key}Door`, name: `${s.name} door`, zone: s.key, flow: { share: s.share, lag: Math.round(s.dwellSeconds / 60) } })),
  // The shops with tills count the corridor walkers passing their window, for the sales funnel.
  ...shops.flatMap((s) => (s.sales ? [{ key: `${s.key}Window`, name: `${s.name} window`, zone: s.key, street: { ratio: s.sales.passersBy } }] : [])),
];

/** A three-level shopping centre in Lyon: four entrances, ten shops, a food court. */
export const galeriesRhone: DemoSiteLayout = {
  key: 'shoppingCentre',
  name: 'Galeries Rhône',
  timezone: 'Europe/Paris',
  latitude: 45.76,
  longitude: 4.84,
  country: 'FR',
  city: 'Lyon',
  address: '85 rue de la République, 69002 Lyon',
  areaM2: 42_000,
  changeOfDayTime: '05:00',
  openingHours: [...windows([1, 2, 3, 4, 5, 6], [9, 30], [20, 0]), ...windows([7], [11, 0], [19, 0])],
  closedOn: ['01-01', '05-01', '12-25'],
  profile: 'retail',
  dailyVisitors: 16_500,
  zones,
  passages,
  devices: [],
  // Lyon's normals (Météo-France, 1991-2020): the centre's outdoor temperature.
  climate: {
    temperature: [3.6, 5, 8.9, 11.8, 15.9, 19.7, 22.3, 21.8, 17.7, 13.4, 7.8, 4.4],
    humidity: [82, 76, 70, 69, 70, 67, 62, 65, 71, 79, 81, 83],
    pm25: [18, 17, 14, 11, 10, 9, 9, 9, 10, 13, 16, 19],
    cloudiness: [0.7, 0.6, 0.5, 0.5, 0.45, 0.35, 0.25, 0.3, 0.4, 0.55, 0.7, 0.75],
    heatDemand: [1.6, 1.45, 1.15, 0.85, 0.55, 0.35, 0.3, 0.3, 0.45, 0.8, 1.25, 1.55],
    coolingDemand: [0.2, 0.2, 0.35, 0.55, 0.85, 1.3, 1.7, 1.6, 1.05, 0.55, 0.25, 0.2],
  },
};
