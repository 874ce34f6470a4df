import ExcelJS from 'exceljs';
import { loadConfig } from '../../apps/server/src/config.ts';
import type { Database } from '../../apps/server/src/db/database.ts';
import { createBackground } from '../../apps/server/src/composition/background.ts';
import type { JobDeps } from '../../apps/server/src/jobs/jobDeps.ts';
import { defineEmailTemplate } from '../../apps/server/src/messages/render/templates.ts';
import { startSmtpPeer } from '../../apps/server/src/test/smtpPeer.ts';
import { type Timing, percentile } from '../queries/timeRuns.ts';

export interface MessageFigures {
  engine: string;
  /** One e-mail enqueued (rendered, recorded, job inserted) by the caller, one after another. */
  enqueue: Timing;
  /** From the feature's call to the SMTP server's acceptance, e-mails sent one every 50 ms. */
  toSmtp: Timing;
  /** 50 report e-mails (a 30 KB XLSX each) asked for at once, until the SMTP server accepted the last. */
  burst: { messages: number; attachmentBytes: number; seconds: number; perSecond: number };
}

const report = defineEmailTemplate<{ n: number }>('bench.report', (data, _t, ctx) => ({
  subject: `Daily report ${data.n}`,
  blocks: [
    { type: 'heading', text: `Daily report ${data.n}` },
    { type: 'facts', rows: [['Visitors', '12 345'], ['Conversion', '23.4 %']] },
    { type: 'button', label: 'Open the site', url: ctx.link('/counting/1') },
  ],
}));

const timing = (values: number[]): Timing => ({ n: values.length, p50: percentile(values, 50), p95: percentile(values, 95), min: Math.min(...values), max: Math.max(...values) });

async function attachment(): Promise<Uint8Array> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Data');
  for (let h = 0; h < 2000; h++) sheet.addRow([`2026-03-${String(1 + (h % 28)).padStart(2, '0')} ${h % 24}:00`, h * 7, (h * 13) % 97]);
  return new Uint8Array(await book.xlsx.writeBuffer());
}

/**
 * What a send costs, on the benchmark's database, against a local SMTP server in this process
 * (pooled connections): the feature's enqueue call, the time to the SMTP server's acceptance, and
 * a burst of 50 report e-mails with attachments due at once (the reports issue's "50 at the same hour").
 */
export async function runMessages(database: Database, organizationId: number, opts: { messages: number }): Promise<MessageFigures> {
  const smtp = await startSmtpPeer();
  const config = loadConfig({ SMTP_URL: smtp.url, MAIL_FROM: 'Sitelens <bench@sitelens.test>', LOG_LEVEL: 'silent', JOBS_POLL_MS: '2000' });
  const log = { info: () => undefined, warn: () => undefined, error: (e: unknown) => console.error(e) };
  const background = createBackground({ database, config, now: () => new Date(), log, work: true });
  await background.start({ database, config, now: () => new Date(), jobs: background.jobs, messages: background.messages, log } as unknown as JobDeps);
  const asked = new Map<string, number>();
  const send = async (n: number, to: string, attachments: Uint8Array | null) => {
    const t0 = performance.now();
    const startedAt = Date.now();
    const id = await background.messages.email({
      template: report,
      data: { n },
      to: { address: to, lang: 'fr' },
      organizationId,
      attachments: attachments ? [{ filename: `report-${n}.xlsx`, contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', content: attachments }] : [],
    });
    asked.set(String(id), startedAt);
    return performance.now() - t0;
  };
  try {
    // Warm-up: the SMTP pool, the prepared statements, the queue's tables.
    for (let n = 0; n < 5; n++) await send(n, `warm${n}@example.com`, null);
    await smtp.waitFor(5, 30_000);

    const enqueue: number[] = [];
    for (let n = 0; n < opts.messages; n++) {
      enqueue.push(await send(n, `one${n}@example.com`, null));
      await new Promise((r) => setTimeout(r, 50));
    }
    await smtp.waitFor(5 + opts.messages, 60_000);
    const toSmtp = smtp.received.slice(5).map((mail, i) => smtp.acceptedAt[5 + i]! - asked.get(String(mail.headers.get('x-sitelens-delivery')))!);

    const file = await attachment();
    const burstStart = Date.now();
    await Promise.all(Array.from({ length: 50 }, (_, n) => send(n, `report${n}@example.com`, file)));
    await smtp.waitFor(5 + opts.messages + 50, 120_000);
    const seconds = (Math.max(...smtp.acceptedAt.slice(-50)) - burstStart) / 1000;
    return {
      engine: database.engine,
      enqueue: timing(enqueue),
      toSmtp: timing(toSmtp),
      burst: { messages: 50, attachmentBytes: file.byteLength, seconds, perSecond: 50 / seconds },
    };
  } finally {
    await background.stop();
    await smtp.close();
    await database.sql.query("DELETE FROM message_deliveries WHERE template = 'bench.report'");
  }
}
