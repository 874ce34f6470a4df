import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildSchema, validate } from 'graphql';
import { describe, expect, it } from 'vitest';
import { ALERT_LOGS } from './alert-logs/alertLogs.graphql.ts';
import { kpisDocument } from './kpis/kpiQuery.ts';
import { LIVE_SCOPE, LIVE_VALUES } from './kpis/kpis.graphql.ts';
import { WEATHER_FORECAST } from './weather/weather.graphql.ts';
import { SITE_ZONES } from '../../shared/api/siteZones.ts';

const schema = buildSchema(readFileSync(fileURLToPath(new URL('../../../../server/schema.graphql', import.meta.url)), 'utf8'));

describe('GraphQL documents of the data widgets', () => {
  it.each(Object.entries({ ALERT_LOGS, LIVE_SCOPE, LIVE_VALUES, WEATHER_FORECAST, SITE_ZONES, KPIS: kpisDocument(3) }))('%s validates against the server schema', (_name, doc) => {
    expect(validate(schema, doc).map((e) => e.message)).toEqual([]);
  });
});
