import { generateSync } from 'otplib';

/**
 * A clock for authenticator tests that moves in whole 30-second time steps from a step's start a
 * minute ahead, so that "now" and "the next step" are unambiguous: `at(n)` puts it 5 s into step n,
 * and `codeAt(secret)` is the authenticator's code at that moment.
 */
export function totpClock() {
  const stepStart = Math.ceil(Date.now() / 30_000) * 30_000 + 60_000;
  let offsetMs = stepStart - Date.now();
  const clock = { now: () => new Date(Date.now() + offsetMs) };
  const at = (step: number) => {
    offsetMs = stepStart + step * 30_000 + 5_000 - Date.now();
  };
  const codeAt = (secret: string) => generateSync({ secret, epoch: Math.floor(clock.now().getTime() / 1000) });
  return { clock, at, codeAt };
}
