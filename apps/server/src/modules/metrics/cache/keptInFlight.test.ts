import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../config.ts';
import type { Database } from '../../../db/database.ts';
import type { Context, ServerDeps } from '../../../graphql/context.ts';
import { createOrganization } from '../../../test/factories.ts';
import { openTestDatabase } from '../../../test/testDatabase.ts';
import { organizationContext } from '../../auth/organizationContext.ts';
import { type RetailAnswer, cachedAnswer } from './cachedAnswer.ts';

/**
 * An identical request being computed is waited for, not computed again; but not by a request asked
 * inside another's engine turn (an evolution's period): that computation may wait for the very turn
 * its asker holds, on PGlite's one slot for ever. On the real result cache, with an answer whose
 * computation has not ended.
 */
let database: Database;
let organizationId = 0;

const asked = {
  installationId: 1,
  metric: 'visitorsIn',
  filters: { operator: 'AND', conditions: [{ type: 'date', dateBegin: new Date('2026-10-01T00:00:00Z'), dateEnd: new Date('2026-10-02T00:00:00Z') }] },
};
const answerOf = (value: number): RetailAnswer => ({ metric: 'visitorsIn', unit: null, series: [{ key: 'all', label: 'All', points: [{ t: new Date('2026-10-01T00:00:00Z'), key: null, value }] }] as never });

/** A person's call over HTTP, as the result cache keeps them (one context per call). */
function call(): Context {
  const deps = { database, config: loadConfig({ DEMO_DATA: 'off', SIMULATOR: 'off' }), now: () => new Date() } as unknown as ServerDeps;
  return { ...organizationContext(deps, organizationId), request: { raw: {} } as Context['request'] };
}

/** The value answered, or 'waiting' when nothing came within half a second. */
async function within(answer: Promise<RetailAnswer>): Promise<number | 'waiting'> {
  const timeout = new Promise<'waiting'>((resolve) => setTimeout(() => resolve('waiting'), 500));
  return Promise.race([answer.then((a) => a.series[0]!.points[0]!.value as number), timeout]);
}

beforeAll(async () => {
  database = await openTestDatabase();
  organizationId = (await createOrganization(database)).id;
});

afterAll(async () => {
  await database.close();
});

describe('an identical request in flight', () => {
  it('is waited for by a call, and not by a request inside a turn, which computes its own', async () => {
    let finish: (answer: RetailAnswer) => void = () => undefined;
    let begun: () => void = () => undefined;
    const computing = new Promise<void>((resolve) => (begun = resolve));
    const first = cachedAnswer(call(), asked, () => {
      begun();
      return new Promise<RetailAnswer>((resolve) => (finish = resolve));
    });
    // Its computation has begun (and is shared from then on) and not ended.
    await computing;
    let computedAgain = 0;
    const again = () => {
      computedAgain += 1;
      return Promise.resolve(answerOf(2));
    };
    const joining = cachedAnswer(call(), asked, again);
    expect(await within(cachedAnswer(call(), asked, again, true))).toBe(2);
    expect(computedAgain).toBe(1);
    // Whether it reached the cache before or after the nested request's answer was kept, the call
    // waits for the first computation, still shared.
    expect(await within(joining)).toBe('waiting');
    expect(await within(cachedAnswer(call(), asked, again))).toBe('waiting');
    finish(answerOf(1));
    expect(await within(first)).toBe(1);
    expect(await within(joining)).toBe(1);
    expect(computedAgain).toBe(1);
  });
});
