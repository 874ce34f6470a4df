import type { Config } from '../../config.ts';
import type { LimitedKey } from './attemptLimiter.ts';

// One address may front many people (an office NAT), so it gets more attempts than one account.
export const ADDRESS_FACTOR = 5;
/** Past its limit an account's key lets one sign-in attempt through after this delay, doubled after each (issue 28 item 8). */
export const LOGIN_DELAY_BASE_MS = 30_000;

/** The sign-in attempts are limited per account and per client address, in one window. */
export function loginAttemptKeys(config: Pick<Config, 'LOGIN_RATE_LIMIT'>, email: string, address: string): LimitedKey[] {
  return [
    { key: `login:account:${email}`, limit: config.LOGIN_RATE_LIMIT },
    { key: `login:address:${address}`, limit: config.LOGIN_RATE_LIMIT * ADDRESS_FACTOR },
  ];
}
