import type { ReadingRow } from '../modules/metrics/write/readings.write.ts';
import { AIR_METRICS, airSample } from './atmosphereModel.ts';
import type { DayContext } from './dayContext.ts';
import { meterDay, selfConsumption, sumOver } from './energyModel.ts';
import { between, hashUnit, keyId } from './seededRandom.ts';

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

/**
 * Air-quality samples and meter consumption of local minutes [a, a + step), day and night.
 * A sample stands for its interval at its midpoint; consumption is the interval's sum, split by
 * origin (solar used on site, grid) and destination, or by hot and cold water.
 */
export function emitDevices(ctx: DayContext, a: number, step: number, ts: number, out: ReadingRow[]): void {
  const { site } = ctx;
  const b = a + step;
  const push = (targetId: number, metric: string, value: number, breakdown = '') =>
    out.push({ organizationId: site.organizationId, targetKind: 'device', targetId, metric, breakdown, ts, value });
  const sample = a + Math.floor(step / 2);
  for (const device of site.layout.devices) {
    const id = site.deviceIds.get(device.key);
    if (id === undefined) continue;
    if (device.kind === 'atmosphere') {
      for (const metric of AIR_METRICS) push(id, metric, airSample(ctx, device, metric, sample));
      continue;
    }
    const total = round(sumOver(meterDay(ctx, device), a, b), device.meterType === 'water' ? 4 : 3);
    const self = selfConsumption(ctx);
    const used = self ? round(sumOver(self, a, b), 3) : 0;
    switch (device.meterType) {
      case 'electricity':
        push(id, 'electricityConsumption', total);
        push(id, 'electricityConsumption', used, 'origin:self');
        push(id, 'electricityConsumption', round(total - used, 3), 'origin:grid');
        break;
      case 'solar':
        push(id, 'electricityProduction', total);
        push(id, 'electricityProduction', used, 'destination:self');
        push(id, 'electricityProduction', round(total - used, 3), 'destination:grid');
        break;
      case 'water': {
        const hot = round(total * between(hashUnit(ctx.seed, keyId(device.key), ctx.day, a), 0.08, 0.14), 4);
        push(id, 'waterConsumption', total);
        push(id, 'waterConsumption', hot, 'waterTemperature:HOT');
        push(id, 'waterConsumption', round(total - hot, 4), 'waterTemperature:COLD');
        break;
      }
      case 'heat':
        push(id, 'heatConsumption', total);
        break;
    }
  }
}
