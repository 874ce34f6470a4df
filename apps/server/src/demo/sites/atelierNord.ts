import { windows, type DemoSiteLayout } from '../demoLayout.ts';

/** A fashion flagship on Regent Street: a street counter, one door, fitting rooms, tills. */
export const atelierNord: DemoSiteLayout = {
  key: 'fashionStore',
  name: 'Atelier Nord Flagship',
  timezone: 'Europe/London',
  latitude: 51.51,
  longitude: -0.14,
  country: 'GB',
  city: 'London',
  address: '214 Regent Street, London W1B 5TR',
  areaM2: 650,
  changeOfDayTime: '04:00',
  openingHours: windows([1, 2, 3, 4, 5, 6], [10, 0], [19, 0]),
  closedOn: ['01-01', '12-25', '12-26'],
  profile: 'retail',
  dailyVisitors: 640,
  zones: [
    {
      key: 'store',
      name: 'Store',
      areaM2: 650,
      tags: ['topology:site', 'Brand category:Fashion', 'Region:UK'],
      counting: { source: { from: 'passages' }, maleShare: 0.36, engagedShare: 0.61, dwellSeconds: 960 },
      sales: { shopCode: 'LDN-214', currency: 'GBP', conversion: [0.19, 0.29], basketSize: [1.3, 2.5], basketPrice: [55, 105] },
      pedestrians: true,
    },
    {
      key: 'fitting',
      name: 'Fitting rooms',
      parent: 'store',
      areaM2: 45,
      tags: ['topology:fitting rooms'],
      counting: { source: { from: 'flow', share: 0.27, lag: 11 }, maleShare: 0.3, dwellSeconds: 540 },
    },
    {
      key: 'checkout',
      name: 'Checkout',
      parent: 'store',
      areaM2: 30,
      tags: ['topology:checkout'],
      counting: { source: { from: 'sales', zone: 'store', lag: 4 }, maleShare: 0.33, dwellSeconds: 200 },
      queue: { peakLength: 7, serviceSeconds: 75 },
    },
  ],
  passages: [
    { key: 'street', name: 'Regent Street pavement', zone: 'store', street: { ratio: [8, 15] } },
    { key: 'entrance', name: 'Main entrance', zone: 'store', flow: { share: 1, lag: 22 } },
  ],
  devices: [],
  // London's normals (Met Office, 1991-2020): the store's outdoor temperature.
  climate: {
    temperature: [5.2, 5.3, 7.6, 9.9, 13.3, 16.4, 18.7, 18.5, 15.7, 12, 8, 5.5],
    humidity: [86, 82, 77, 72, 70, 70, 70, 73, 77, 82, 85, 87],
    pm25: [12, 12, 11, 10, 9, 8, 8, 8, 9, 10, 12, 13],
    cloudiness: [0.75, 0.7, 0.65, 0.6, 0.55, 0.55, 0.5, 0.55, 0.6, 0.7, 0.75, 0.8],
    heatDemand: [1.5, 1.45, 1.25, 1, 0.7, 0.45, 0.35, 0.35, 0.55, 0.85, 1.2, 1.45],
    coolingDemand: [0.15, 0.15, 0.25, 0.4, 0.65, 0.95, 1.25, 1.2, 0.85, 0.45, 0.2, 0.15],
  },
};
