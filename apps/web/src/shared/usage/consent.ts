export const CONSENT_COOKIE = 'sitelens_consent';

/** The visitor accepted the cookie notice; usage events are recorded only then (spec 001 §4). */
export const hasConsent = (): boolean => document.cookie.split('; ').some((c) => c.startsWith(`${CONSENT_COOKIE}=`));
