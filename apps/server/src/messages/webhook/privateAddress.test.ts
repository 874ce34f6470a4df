import { describe, expect, it } from 'vitest';
import { privateAddressOf } from './privateAddress.ts';

describe('privateAddressOf', () => {
  it.each([
    ['https://10.20.30.40/hook', '10.20.30.40'],
    ['https://172.31.0.9/hook', '172.31.0.9'],
    ['https://192.168.1.20/hook', '192.168.1.20'],
    ['https://169.254.169.254/latest/meta-data', '169.254.169.254'],
    ['http://127.0.0.1:4000/hook', '127.0.0.1'],
    ['https://[::1]/hook', '::1'],
    ['https://[fd12:3456::1]/hook', 'fd12:3456::1'],
    ['https://localhost/hook', expect.stringMatching(/^(127\.0\.0\.1|::1)$/)],
    ['https://93.184.215.14/hook', null],
    ['https://172.32.0.1/hook', null],
    ['https://[2606:4700::1111]/hook', null],
  ])('%s -> %s', async (url, expected) => {
    expect(await privateAddressOf(url)).toEqual(expected);
  });
});
