import { isIP } from 'node:net';
import { describe, expect, it } from 'vitest';
import { WebhookRefused, checkedAddresses, isSpecialPurpose } from './webhookAddress.ts';

const of = (address: string) => ({ address, family: isIP(address) === 6 ? (6 as const) : (4 as const) });

describe('isSpecialPurpose', () => {
  it.each([
    '0.1.2.3',
    '10.20.30.40',
    '100.64.0.1',
    '127.0.0.1',
    '169.254.169.254',
    '172.31.0.9',
    '192.0.0.8',
    '192.0.2.7',
    '192.88.99.1',
    '192.168.1.20',
    '198.18.0.1',
    '198.51.100.9',
    '203.0.113.77',
    '224.0.0.251',
    '240.0.0.1',
    '255.255.255.255',
    '::',
    '::1',
    '::ffff:127.0.0.1',
    '::ffff:169.254.169.254',
    '64:ff9b::a9fe:a9fe',
    '64:ff9b:1::1',
    '100::1',
    '2001::1',
    '2001:db8::1',
    '2002:7f00:1::',
    '3fff::1',
    'fd12:3456::1',
    'fe80::1',
    'ff02::1',
    '4000::1',
  ])('%s is refused', (address) => {
    expect(isSpecialPurpose(of(address))).toBe(true);
  });

  it.each(['93.184.215.14', '172.32.0.1', '192.0.3.1', '198.51.101.1', '203.0.114.1', '223.255.255.1', '2606:4700::1111', '2a00:1450:4001::200e'])('%s is allowed', (address) => {
    expect(isSpecialPurpose(of(address))).toBe(false);
  });
});

describe('checkedAddresses', () => {
  const answers = (list: string[]) => async () => list.map(of);
  const failing = async () => {
    throw Object.assign(new Error('queryA ESERVFAIL hooks.example'), { code: 'ESERVFAIL' });
  };

  it('refuses the whole name when any of its addresses is special-purpose, for good', async () => {
    await expect(checkedAddresses('https://hooks.example/x', answers(['93.184.215.14', '127.0.0.1']), false)).rejects.toEqual(new WebhookRefused(true));
    await expect(checkedAddresses('https://[::ffff:7f00:1]/x', answers([]), false)).rejects.toMatchObject({ permanent: true });
    await expect(checkedAddresses('https://0x7f.1/x', answers([]), false)).rejects.toMatchObject({ permanent: true });
  });

  it('refuses when the name does not resolve (retried later), even when private addresses are allowed', async () => {
    await expect(checkedAddresses('https://hooks.example/x', failing, true)).rejects.toMatchObject({ message: 'refused', permanent: false });
    await expect(checkedAddresses('https://hooks.example/x', answers([]), true)).rejects.toMatchObject({ permanent: false });
  });

  it('gives the public addresses it checked', async () => {
    expect(await checkedAddresses('https://hooks.example/x', answers(['93.184.215.14', '2606:4700::1111']), false)).toEqual([of('93.184.215.14'), of('2606:4700::1111')]);
    expect(await checkedAddresses('http://127.0.0.1:4000/x', answers([]), true)).toEqual([of('127.0.0.1')]);
  });
});
