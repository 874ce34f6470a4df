import { openDatabase } from '../../apps/server/src/db/database.ts';
import { xlsxOf, uploadSalesFile } from '../../apps/server/src/modules/sales/salesUpload.test-support.ts';
import { createAcmeAndRival, createSite, createUser } from '../../apps/server/src/test/factories.ts';
import { startTestServer } from '../../apps/server/src/test/testServer.ts';
import { xlsxBomb } from '../../apps/server/src/uploads/zipBombs.test-support.ts';

const MB = 1024 * 1024;

export interface UploadFigures {
  /** Another organization's user: p95 of a signed-in call, alone and while the bombs are read. */
  idleP95Ms: number;
  underBombsP95Ms: number;
  /** The bombs sent at once: their sizes, answers and time to answer. */
  bombs: Array<{ name: string; bytes: number; answer: string; ms: number }>;
  /** This process's RSS: its peak in normal use (idle calls and a legit workbook imported), and during the bombs. */
  normalPeakRssMb: number;
  bombPeakRssMb: number;
}

function p95(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))]!;
}

/**
 * The upload phase (issue 28): the real server on a fresh embedded database. Another
 * organization's user calls the API alone (idle p95), then a legit 10,000-line workbook is imported
 * (the normal peak of this process's memory), then three spreadsheet bombs built here (1.5 GB of
 * shared strings declared as such, the same declared as 1 KB, and a worksheet of 1 GB of cells)
 * are sent at once by a user with the import right, while the other user keeps calling.
 */
export async function runUploads(): Promise<UploadFigures> {
  const database = await openDatabase({ dataDir: null });
  const { org, rival } = await createAcmeAndRival(database);
  await createUser(database, { email: 'importer@acme.test', organizationIds: [org.id], role: 'admin' });
  await createUser(database, { email: 'someone@rival.test', organizationIds: [rival.id], role: 'admin' });
  await createSite(database, org.id, { name: 'Lyon', timezone: 'Europe/Paris' });
  await createSite(database, rival.id, { name: 'Rival', timezone: 'Europe/Paris' });
  const server = await startTestServer(database);
  try {
    const tokens = await server.signInAll({ importer: 'importer@acme.test', other: 'someone@rival.test' });
    const call = async () => {
      const t0 = performance.now();
      const r = await server.gql('{ me { email } sites { id name } }', {}, { token: tokens.other });
      if (r.errors) throw new Error(JSON.stringify(r.errors));
      return performance.now() - t0;
    };
    let peak = 0;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
    for (let i = 0; i < 20; i++) await call();
    const idle: number[] = [];
    for (let i = 0; i < 200; i++) idle.push(await call());
    const rows = Array.from({ length: 10_000 }, (_, i) => [`B-${i}`, '2026-03-01T10:05:00+01:00', 'NOPE', 1, 9.5, 'EUR']);
    const legit = await uploadSalesFile(server.base, tokens.importer, { name: 'legit.xlsx', bytes: await xlsxOf(rows) });
    if (legit.errors?.[0]?.extensions?.errorCount !== 10_000) throw new Error(`the legit workbook was not read: ${JSON.stringify(legit.errors?.[0]?.extensions?.code)}`);
    const normalPeak = peak;

    global.gc?.();
    peak = process.memoryUsage().rss;
    const files = [
      { name: 'declared-1.5GB.xlsx', bytes: xlsxBomb('declared', 1536 * MB) },
      { name: 'lying-1.5GB.xlsx', bytes: xlsxBomb('lying', 1536 * MB) },
      { name: 'cells-1GB.xlsx', bytes: xlsxBomb('cells', 1024 * MB) },
    ];
    let sending = true;
    const sent = Promise.all(
      files.map(async (file) => {
        const t0 = performance.now();
        const r = await uploadSalesFile(server.base, tokens.importer, { name: file.name, bytes: file.bytes });
        const e = r.errors?.[0]?.extensions;
        return { name: file.name, bytes: file.bytes.length, answer: e ? `${e.code}${e.limit ? ` (${e.limit})` : ''}` : 'imported', ms: performance.now() - t0 };
      }),
    ).finally(() => (sending = false));
    const under: number[] = [];
    while (sending || under.length < 50) under.push(await call());
    const bombs = await sent;
    clearInterval(sampler);
    return { idleP95Ms: p95(idle), underBombsP95Ms: p95(under), bombs, normalPeakRssMb: Math.round(normalPeak / MB), bombPeakRssMb: Math.round(peak / MB) };
  } finally {
    await server.close();
    await database.close();
  }
}

export function printUploads(f: UploadFigures): void {
  const refused = f.bombs.every((b) => b.answer.startsWith('PROCESSING_FAILED'));
  console.log(`\nUploads (three spreadsheet bombs at once, another organization's user calling meanwhile):`);
  for (const b of f.bombs) console.log(`  ${b.name} (${(b.bytes / MB).toFixed(2)} MB): ${b.answer} in ${(b.ms / 1000).toFixed(2)} s`);
  console.log(`  all refused: ${refused ? 'OK' : 'NO'}`);
  console.log(`  the other user's p95: ${f.idleP95Ms.toFixed(1)} ms idle, ${f.underBombsP95Ms.toFixed(1)} ms during the bombs (target: under twice idle, ${(2 * f.idleP95Ms).toFixed(1)} ms) ${f.underBombsP95Ms < 2 * f.idleP95Ms ? 'OK' : 'OVER'}`);
  console.log(`  process RSS: normal peak ${f.normalPeakRssMb} MB, during the bombs ${f.bombPeakRssMb} MB (target: under ${f.normalPeakRssMb + 200} MB) ${f.bombPeakRssMb < f.normalPeakRssMb + 200 ? 'OK' : 'OVER'}`);
}
