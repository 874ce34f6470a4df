import type { Config } from '../config.ts';
import { messageJobs } from '../messages/deliveryJobs.ts';
import { alertJobs } from '../modules/alerts/alerts.jobs.ts';
import { authPurgeJob } from '../modules/auth/authPurge.ts';
import type { JobDefinition } from '../jobs/defineJob.ts';
import { reportJobs } from '../modules/reports/reports.jobs.ts';
import { purgeExportFilesJob, sendExportJob } from '../modules/exports/exports.jobs.ts';
import { partitionsJob } from '../modules/metrics/partitions/partitions.jobs.ts';

/**
 * Every kind of job a server process runs. A feature adds its definitions here (one line), so every
 * process can run what any process enqueued.
 */
export function jobDefinitions(config: Config): JobDefinition<any>[] {
  return [...messageJobs(config), authPurgeJob, ...alertJobs, ...reportJobs, sendExportJob, purgeExportFilesJob, partitionsJob];
}
