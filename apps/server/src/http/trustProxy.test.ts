import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { openTestDatabase } from '../test/testDatabase.ts';
import { errorCode, startTestServer } from '../test/testServer.ts';

// Issue 14 item 4: with every X-Forwarded-For trusted, a client picked the address the sign-in limit counts.

const LOGIN = 'query($e:String!,$p:String!){ login(email:$e,password:$p) }';

/** Failed sign-ins for new e-mails, each claiming another forwarded address; the code of each answer. */
async function failedSignIns(env: Record<string, string>, count: number, address = (i: number) => `203.0.113.${i + 1}`): Promise<Array<string | undefined>> {
  // A database of its own: the attempts of one case do not count in the next.
  const database = await openTestDatabase();
  const server = await startTestServer(database, { LOGIN_RATE_LIMIT: '1', ...env });
  try {
    const codes = [];
    for (let i = 0; i < count; i += 1) {
      const res = await fetch(`${server.base}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': address(i) },
        body: JSON.stringify({ query: LOGIN, variables: { e: `nobody${i}@acme.test`, p: 'wrong' } }),
      });
      codes.push(errorCode(await res.json()));
    }
    return codes;
  } finally {
    await server.close();
    await database.close();
  }
}

describe('TRUST_PROXY', () => {
  it('is off by default: a forged X-Forwarded-For does not dodge the per-address limit (5 × LOGIN_RATE_LIMIT)', async () => {
    const codes = await failedSignIns({}, 6);
    expect(codes.slice(0, 5)).toEqual(Array(5).fill('LOGIN_WRONG_CREDENTIALS'));
    expect(codes[5]).toBe('LOGIN_RATE_LIMITED');
  });

  it('believes a proxy only when named: not when it is another address', async () => {
    const codes = await failedSignIns({ TRUST_PROXY: '10.0.0.1,192.168.0.0/16' }, 6);
    expect(codes.slice(0, 5)).toEqual(Array(5).fill('LOGIN_WRONG_CREDENTIALS'));
    expect(codes[5]).toBe('LOGIN_RATE_LIMITED');
  });

  it('reads the client address from X-Forwarded-For behind the named proxy or hop count', async () => {
    for (const TRUST_PROXY of ['1', '127.0.0.1', 'loopback']) {
      expect(await failedSignIns({ TRUST_PROXY }, 6)).toEqual(Array(6).fill('LOGIN_WRONG_CREDENTIALS'));
    }
  });

  it('counts an IPv6 client by its /64: six addresses of one line share its limit, six lines do not', async () => {
    const oneLine = await failedSignIns({ TRUST_PROXY: 'loopback' }, 6, (i) => `2001:db8:1:2::${(i + 1).toString(16)}`);
    expect(oneLine.slice(0, 5)).toEqual(Array(5).fill('LOGIN_WRONG_CREDENTIALS'));
    expect(oneLine[5]).toBe('LOGIN_RATE_LIMITED');
    expect(await failedSignIns({ TRUST_PROXY: 'loopback' }, 6, (i) => `2001:db8:1:${i + 1}::1`)).toEqual(Array(6).fill('LOGIN_WRONG_CREDENTIALS'));
  });

  it('refuses a value that is neither off, a hop count nor addresses', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.1/33' })).toThrow(/TRUST_PROXY/);
    expect(loadConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe('2');
  });
});
