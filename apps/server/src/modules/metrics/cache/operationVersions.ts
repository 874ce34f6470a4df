import type { Context } from '../../../graphql/context.ts';
import { isTrialContext } from '../../../graphql/trialContext.ts';
import type { Database } from '../../../db/database.ts';
import { dataVersions, sameVersions } from './dataVersions.ts';
import { currentVersions } from './keptVersions.ts';
import { resultCacheOf } from './resultCache.ts';

type Versions = Awaited<ReturnType<typeof dataVersions>>;

/** Sets of organizations whose last versions a process remembers (one per caller's organizations); all dropped beyond. */
const MAX_REMEMBERED = 1_000;
/** Per set of organizations: the versions read last, and whether the read before found the same (nothing moved). */
const lastRead = new WeakMap<Database, Map<string, { versions: Versions; steady: boolean }>>();

/**
 * One HTTP request's data versions, read once for its operations. On PostgreSQL a request may also
 * start from the versions this process read last for the same organizations (`assumed`) and let its
 * first engine statement carry the current ones beside its answer (`takeCarrier`): one statement
 * instead of two one after the other (speculation.ts says when that answer stands). Whoever waits
 * for the versions gets those, or those of a read of their own when no statement carries them by
 * the next turn of the event loop.
 */
class RequestVersions {
  /** The versions the request reads at, once known. */
  private read?: Promise<Versions>;
  private settle?: { resolve: (v: Versions) => void; reject: (e: unknown) => void };
  private carrying = false;
  private reading = false;
  /** Whether the versions the request reads at are known (carried or read). */
  settled = false;

  constructor(
    private readonly database: Database,
    readonly organizationIds: readonly number[],
    readonly assumed: Versions | undefined,
  ) {}

  current(): Promise<Versions> {
    if (!this.read) {
      this.read = new Promise<Versions>((resolve, reject) => (this.settle = { resolve, reject }));
      // Without an assumption nothing will carry them: read now, as every request did.
      if (this.assumed === undefined) this.readAlone();
      else setImmediate(() => this.carrying || this.readAlone());
    }
    return this.read;
  }

  /** Whether the statement about to run carries the versions (none does yet, none is read, none known). */
  takeCarrier(): boolean {
    if (this.carrying || this.reading || this.settled) return false;
    this.carrying = true;
    return true;
  }

  carried(versions: Versions): void {
    this.carrying = false;
    this.done(versions);
  }

  /** The carrying statement failed: anyone waiting reads the versions alone. */
  carrierFailed(): void {
    this.carrying = false;
    if (this.read && !this.settled) this.readAlone();
  }

  private readAlone(): void {
    if (this.reading || this.settled) return;
    this.reading = true;
    currentVersions(this.database, this.organizationIds).then(
      (versions) => this.done(versions),
      (error: unknown) => {
        this.reading = false;
        if (!this.settled) this.settle?.reject(error);
      },
    );
  }

  private done(versions: Versions): void {
    if (this.settled) return;
    this.settled = true;
    if (!this.read) this.read = Promise.resolve(versions);
    else this.settle!.resolve(versions);
    if (speculates(this.database)) remember(this.database, this.organizationIds, versions);
  }
}

/**
 * Whether requests may start from versions read before them: on a database others write (PostgreSQL)
 * read by this process alone (no replicas, whose positions follow the versions read first). The
 * embedded database hands its versions over without a statement (keptVersions.ts).
 */
const speculates = (database: Database): boolean => !database.soleWriter && !database.readers;

function remember(database: Database, organizationIds: readonly number[], versions: Versions): void {
  let byOrganizations = lastRead.get(database);
  if (!byOrganizations) lastRead.set(database, (byOrganizations = new Map()));
  if (byOrganizations.size >= MAX_REMEMBERED) byOrganizations.clear();
  const key = organizationIds.join(',');
  const before = byOrganizations.get(key);
  byOrganizations.set(key, { versions, steady: before !== undefined && sameVersions(before.versions, versions) });
}

/**
 * What a request may assume: the versions read last, if the read before found the same. While an
 * organization's readings stream in, its versions move between most requests and a trial would be
 * done again (its statement wasted): then each request reads first, until two reads agree again. A
 * write costs at most one trial per set of organizations and process.
 */
function assumable(database: Database, organizationIds: readonly number[]): Versions | undefined {
  const last = lastRead.get(database)?.get(organizationIds.join(','));
  return last?.steady ? (last.versions ?? undefined) : undefined;
}

const byRequest = new WeakMap<object, RequestVersions>();

function requestVersions(ctx: Context): RequestVersions {
  const owner: object = ctx.request ?? ctx;
  let state = byRequest.get(owner);
  if (!state) {
    const organizationIds = ctx.caller?.organizationIds ?? [];
    const assumed = ctx.request && speculates(ctx.database) ? assumable(ctx.database, organizationIds) : undefined;
    state = new RequestVersions(ctx.database, organizationIds, assumed);
    byRequest.set(owner, state);
  }
  return state;
}

/**
 * The caller's versions, read once per HTTP request before the first read of its first analytics
 * request: the operations a page sends together in one request (its chart, its site and its zones)
 * share one read, as if they were one operation; a job's context (no request) reads its own. An
 * event stream is one request per subscription, so its operations never share a read. On the
 * embedded database the read comes from the process while no version moved (keptVersions.ts). A
 * trial (speculation.ts) works under the versions its request assumed.
 */
export function versionsOf(ctx: Context): Promise<Versions> {
  const state = requestVersions(ctx);
  if (isTrialContext(ctx) && state.assumed !== undefined) return Promise.resolve(state.assumed);
  return state.current();
}

/**
 * The versions this request may assume before reading them (the process's last read for its
 * organizations, when steady), if any: none once the request knows its own.
 */
export function assumedVersions(ctx: Context): Versions | undefined {
  if (!ctx.request) return undefined;
  const state = requestVersions(ctx);
  return state.settled ? undefined : state.assumed;
}

/** Whether a trial's assumed versions are the ones its request reads at (waits for them). */
export async function trialStands(ctx: Context): Promise<boolean> {
  const state = requestVersions(ctx);
  return state.assumed !== undefined && sameVersions(await state.current(), state.assumed);
}

/**
 * For a trial's engine statement: the organizations whose versions it should carry beside its
 * answer, and where to hand them, when no statement of the request carries or read them yet.
 */
export function versionsCarrier(ctx: Context): { organizationIds: readonly number[]; carried: (v: Versions) => void; failed: () => void } | null {
  if (!isTrialContext(ctx) || !ctx.request) return null;
  const state = requestVersions(ctx);
  if (!state.takeCarrier()) return null;
  return { organizationIds: state.organizationIds, carried: (v) => state.carried(v), failed: () => state.carrierFailed() };
}

/**
 * Reads the request's versions (shared by its operations) when any of its analytics requests may use
 * the cache: called before such a request reads anything (its site's row included), whether or not
 * that one is kept.
 */
export async function readVersionsFirst(ctx: Context): Promise<void> {
  if (ctx.caller && ctx.request && resultCacheOf(ctx.database, ctx.config)) await versionsOf(ctx);
}
