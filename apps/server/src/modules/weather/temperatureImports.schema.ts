import { builder } from '../../graphql/builder.ts';
import type { TemperatureImportRow } from './temperatureImports.repo.ts';
import { importOutdoorTemperatures, outdoorTemperatureImports } from './temperatureImports.service.ts';

const TemperatureImportRef = builder.objectRef<TemperatureImportRow>('OutdoorTemperatureImport').implement({
  description: 'An import of a site’s hourly outdoor temperatures from the weather archive (a background job).',
  fields: (t) => ({
    id: t.exposeInt('id'),
    installationId: t.exposeInt('installationId'),
    from: t.field({ type: 'Date', description: 'First calendar day of the site imported.', resolve: (j) => j.dateFrom }),
    to: t.field({ type: 'Date', description: 'Last calendar day of the site imported.', resolve: (j) => j.dateTo }),
    status: t.exposeString('status', { description: 'QUEUED, RUNNING, DONE, RETRYING (waits for nextAttemptAt) or FAILED.' }),
    attempts: t.exposeInt('attempts'),
    hoursWritten: t.exposeInt('hoursWritten', { nullable: true, description: 'Hours written when DONE; hours that already had a value are kept.' }),
    error: t.exposeString('error', { nullable: true, description: 'Why the last attempt failed: PROVIDER_UNREACHABLE, UNEXPECTED_ANSWER, NO_COORDINATES or NO_ZONE.' }),
    nextAttemptAt: t.field({ type: 'DateTime', nullable: true, resolve: (j) => (j.status === 'RETRYING' || j.status === 'QUEUED' ? j.runAfter : null) }),
    createdAt: t.field({ type: 'DateTime', resolve: (j) => j.createdAt }),
    finishedAt: t.field({ type: 'DateTime', nullable: true, resolve: (j) => j.finishedAt }),
  }),
});

builder.queryField('outdoorTemperatureImports', (t) =>
  t.field({
    type: [TemperatureImportRef],
    description: 'The site’s latest outdoor-temperature imports, newest first.',
    authScopes: { signedIn: true },
    args: { installationId: t.arg.int({ required: true }) },
    resolve: (_r, a, ctx) => outdoorTemperatureImports(ctx, a.installationId),
  }),
);

builder.mutationField('importOutdoorTemperatures', (t) =>
  t.field({
    type: TemperatureImportRef,
    description: 'Imports the site’s hourly outdoor temperatures for its calendar days [from, to] (at most 366) from WEATHER_ARCHIVE_URL; administrators only. Answers the job as it ended.',
    authScopes: { signedIn: true },
    args: { installationId: t.arg.int({ required: true }), from: t.arg({ type: 'Date', required: true }), to: t.arg({ type: 'Date', required: true }) },
    resolve: (_r, a, ctx) => importOutdoorTemperatures(ctx, a.installationId, a.from, a.to),
  }),
);
