import type { OtpChallenge } from './components/OtpStep.tsx';

/**
 * What the server's single sign-on callback asks the login page to show: `?ssoError=<code>`, or
 * `?sso=2fa&otpContact=…` when the provider's sign-in still needs the two-factor code.
 */
export function ssoReturnFrom(search: string): { error: string | null; challenge: OtpChallenge | null } {
  const params = new URLSearchParams(search);
  const error = params.get('ssoError');
  if (params.get('sso') !== '2fa') return { error, challenge: null };
  const contact = params.get('otpContact');
  const number = (name: string, fallback: number) => {
    const n = Number(params.get(name));
    return Number.isInteger(n) && n >= 0 && n <= 3600 ? n : fallback;
  };
  return {
    error,
    challenge: {
      otpContact: contact === 'phone' || contact === 'totp' ? contact : 'email',
      codeLength: number('codeLength', 6),
      resendAfterSeconds: number('resendAfterSeconds', 60),
      codeSent: params.get('codeSent') !== 'false',
      liveCode: params.get('liveCode') !== 'false',
    },
  };
}
