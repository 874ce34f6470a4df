import { eq } from 'drizzle-orm';
import { loadConfig } from '../../apps/server/src/config.ts';
import type { Database } from '../../apps/server/src/db/database.ts';
import { events, scheduledReports } from '../../apps/server/src/composition/tables.ts';
import { createBackground } from '../../apps/server/src/composition/background.ts';
import type { JobDeps } from '../../apps/server/src/jobs/jobDeps.ts';
import { buildExportFile, buildExportFiles } from '../../apps/server/src/modules/exports/exportFile.ts';
import { organizationContext } from '../../apps/server/src/modules/auth/organizationContext.ts';
import { sendReportJob } from '../../apps/server/src/modules/reports/reports.jobs.ts';
import { startSmtpPeer } from '../../apps/server/src/test/smtpPeer.ts';
import { kernelPeak, resetKernelPeak } from '../report/memoryMeter.ts';
import { DAYS, DAY_MS, NOW, TO, type BenchLayout } from '../dataset/layout.ts';

/** The figures at full scale: a year of one site's 10 zones at 15 minutes in 30 s, +200 MB at most; 50 reports in 2 min. */
export const EXPORT_TARGET = { rows: 10 * 365 * 96, seconds: 30, rssGrowthMb: 200 };
export const REPORTS_TARGET = { reports: 50, seconds: 120 };

export interface ReportExportFigures {
  export: {
    zones: number;
    days: number;
    rows: number;
    bytes: number;
    seconds: number;
    rowsPerSecond: number;
    /**
     * Peak resident size during the export less the size before it: the kernel's peak (VmHWM) where
     * Linux gives it, else a 50 ms sampler (which misses what happens while the database's WebAssembly
     * runs). The first export of a process also fills the database's cache (PGlite's shared_buffers,
     * 128 MB) and grows V8's young generation to its size, which stay for the next.
     */
    rssGrowthMb: number;
    sampledRssGrowthMb: number;
    /** The same export again right after: the process's caches and heap already sized. */
    warmSeconds: number;
    warmRssGrowthMb: number;
    speedRatio: number;
    memoryRatio: number;
    /** The same export through the first writer (a style object per cell, an offset per row), timed in the same run. */
    legacySeconds: number;
    /** legacySeconds / seconds. */
    gain: number;
    /** The same export for an English and an Arabic recipient: one read of the data, two files. */
    twoLanguagesSeconds: number;
    /** twoLanguagesSeconds / warmSeconds: 2 when each language reads the data again, less the more of the work is the read. */
    twoLanguagesRatio: number;
  };
  reports: { reports: number; seconds: number; ratio: number };
}

/**
 * Data export and scheduled reports on the benchmark's data: one site's 10 zones at 15 minutes over
 * the scale's share of the year (the full year at scale 1), streamed to an XLSX (rows/s against the
 * target's rate, and the growth of this process's memory), then the same export again (warm) and
 * through the first writer; then 50 scheduled reports due at once, each built through the metrics
 * engine and handed to a local SMTP server.
 */
export async function runReportsExport(database: Database, layout: BenchLayout, scale: number, exportDays: number | null = null): Promise<ReportExportFigures> {
  const smtp = await startSmtpPeer();
  const config = loadConfig({ SMTP_URL: smtp.url, MAIL_FROM: 'Sitelens <bench@sitelens.test>', LOG_LEVEL: 'silent', JOBS_POLL_MS: '2000' });
  const log = { info: () => undefined, warn: () => undefined, error: (e: unknown) => console.error(e) };
  const now = () => new Date(NOW);
  const background = createBackground({ database, config, now, log, work: true });
  const deps = { database, config, now, jobs: background.jobs, messages: background.messages, log } as unknown as JobDeps;
  await background.start(deps);
  const site = layout.sites[0]!;
  const [event] = await database.db
    .insert(events)
    .values({ installationId: site.installationId, name: 'Bench reports', metrics: ['counting'], neverEnding: true, dateBegin: new Date(TO - DAYS * DAY_MS) })
    .returning();
  try {
    const days = exportDays ?? Math.max(7, Math.round(DAYS * Math.min(1, scale)));
    const spec = {
      installationId: site.installationId,
      siteName: 'Bench site',
      timeZone: site.tz,
      changeOfDay: '00:00',
      targets: site.zoneIds.map((id) => ({ kind: 'zone' as const, id, name: `Zone ${id}` })),
      columns: ['visitorsIn', 'visitorsOut'],
      from: TO - days * DAY_MS,
      to: TO,
      granularity: 900,
      format: 'XLSX' as const,
    };
    const contexts = () => organizationContext(deps, layout.organizationId);
    const measured = async () => {
      const rssBefore = process.memoryUsage().rss;
      let rssPeak = rssBefore;
      const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, process.memoryUsage().rss)), 50);
      resetKernelPeak();
      const t0 = performance.now();
      const file = await buildExportFile(contexts, spec, 'en');
      const took = (performance.now() - t0) / 1000;
      clearInterval(sampler);
      rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
      const kernel = kernelPeak();
      const sampled = Math.round((rssPeak - rssBefore) / 1048576);
      return { file, took, sampled, growth: kernel === null ? sampled : Math.round(kernel - rssBefore / 1048576) };
    };
    const first = await measured();
    const bytes = first.file;
    const seconds = first.took;
    const warm = await measured();
    // Side by side: the same rows through the first writer, right after (the engine's part is the same).
    const t1 = performance.now();
    await buildExportFile(contexts, spec, 'en', undefined, { legacyWriter: true });
    const legacySeconds = (performance.now() - t1) / 1000;
    const t2 = performance.now();
    await buildExportFiles(contexts, spec, ['en', 'ar']);
    const twoLanguagesSeconds = (performance.now() - t2) / 1000;
    const rows = spec.targets.length * days * 96;
    const rowsPerSecond = rows / seconds;
    const rssGrowthMb = first.growth;

    const created = await database.db
      .insert(scheduledReports)
      .values(
        Array.from({ length: REPORTS_TARGET.reports }, (_, i) => ({
          organizationId: layout.organizationId,
          installationId: site.installationId,
          eventId: event!.id,
          zoneId: site.zoneIds[i % site.zoneIds.length]!,
          title: `Bench report ${i}`,
          language: 'fr',
          sendDay: 0,
          hour: 8,
          daysIncluded: 1,
          granularity: 3600,
          emails: [`report${i}@example.com`],
        })),
      )
      .returning({ id: scheduledReports.id });
    const r0 = Date.now();
    await Promise.all(created.map((r) => background.jobs.enqueue(sendReportJob, { reportId: r.id })));
    await smtp.waitFor(created.length, 300_000);
    const reportSeconds = (Math.max(...smtp.acceptedAt) - r0) / 1000;
    return {
      export: {
        zones: spec.targets.length,
        days,
        rows,
        bytes: bytes.length,
        seconds,
        rowsPerSecond,
        rssGrowthMb,
        sampledRssGrowthMb: first.sampled,
        warmSeconds: warm.took,
        warmRssGrowthMb: warm.growth,
        speedRatio: rowsPerSecond / (EXPORT_TARGET.rows / EXPORT_TARGET.seconds),
        memoryRatio: rssGrowthMb / EXPORT_TARGET.rssGrowthMb,
        legacySeconds,
        gain: legacySeconds / seconds,
        twoLanguagesSeconds,
        twoLanguagesRatio: twoLanguagesSeconds / warm.took,
      },
      reports: { reports: created.length, seconds: reportSeconds, ratio: reportSeconds / REPORTS_TARGET.seconds },
    };
  } finally {
    await background.stop();
    await smtp.close();
    // The reports go with their event; their deliveries are the bench's own.
    await database.db.delete(events).where(eq(events.id, event!.id));
    await database.sql.query("DELETE FROM message_deliveries WHERE template = 'reports.report'");
  }
}
