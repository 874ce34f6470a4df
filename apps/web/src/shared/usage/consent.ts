export const CONSENT_COOKIE = 'sitelens_consent';

/** The visitor accepted the cookie notice; usage events are recorded only then (spec 001 §4). */
// The value the notice sets and the server's usage store requires (modules/usage).
export const hasConsent = (): boolean => document.cookie.split('; ').includes(`${CONSENT_COOKIE}=1`);
