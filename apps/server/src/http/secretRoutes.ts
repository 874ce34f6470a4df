/**
 * Addresses that carry a secret (issue 28 item 6): the one list the log masks. A secret in a path
 * is a route parameter written `:name` (a plain segment that is no secret is `*`); a secret in a
 * query is a parameter name. Every query value of every address is masked anyway (a GET GraphQL
 * request carries its variables there), so the `query` entries say where links put their tokens;
 * a new route with a secret in its path must be added here: `secretRoutes.test.ts` calls each
 * route of the list on a running server and reads its log.
 */
export const SECRET_ROUTES: ReadonlyArray<{ route: string; query?: readonly string[]; what: string }> = [
  { route: '/api/exports/:token', what: 'an export’s download link (a recipient’s, for 7 days)' },
  { route: '/export-download', query: ['token'], what: 'the page of an export’s download link' },
  { route: '/t/:code', what: 'a short link' },
  { route: '/unsubscribe-confirm', query: ['token'], what: 'a report’s unsubscribe link (page and one-click POST)' },
  { route: '/invitation', query: ['token'], what: 'an invitation' },
  { route: '/reset-password-confirm', query: ['token'], what: 'a password reset' },
  { route: '/confirm-email', query: ['token'], what: 'an e-mail address confirmation' },
  { route: '/undo-email-change', query: ['token'], what: 'the old address’s link that undoes a change of sign-in e-mail' },
  { route: '/auth/oidc/*/callback', query: ['code', 'state'], what: 'a sign-in provider’s answer' },
  { route: '/graphql', query: ['query', 'variables', 'extensions'], what: 'a GET GraphQL request (an entrance screen’s stream carries its secret there)' },
];

/** What a secret is replaced with. */
export const MASK = '~';

const ESCAPED = /[.*+?^${}()|[\]\\]/g;
/** A path segment as it may appear in a log line: up to the next slash, query, fragment, quote, bracket, space or backslash. */
const SEGMENT = '[^/?#\\s"\'()<>\\\\]+';

/** Each route with a secret in its path: a pattern with one group per part, and which parts are secrets. */
const PATH_PATTERNS = SECRET_ROUTES.filter((r) => r.route.includes(':')).map((r) => {
  const parts = r.route.split(/(:\w+|\*)/).filter(Boolean);
  const pattern = new RegExp(parts.map((part) => `(${part.startsWith(':') || part === '*' ? SEGMENT : part.replace(ESCAPED, '\\$&')})`).join(''), 'g');
  return { pattern, secret: parts.map((part) => part.startsWith(':')) };
});

/** /api/exports/abc… becomes /api/exports/~, wherever it appears in the text. */
function maskPaths(text: string): string {
  return PATH_PATTERNS.reduce(
    (out, { pattern, secret }) => out.replace(pattern, (...match: string[]) => secret.map((isSecret, i) => (isSecret ? MASK : match[i + 1])).join('')),
    text,
  );
}

/** Every query value in the text: `?token=abc&x=1` becomes `?token=~&x=~`. */
function maskQueries(text: string): string {
  return text.replace(/([?&][^=&#\s"'()<>\\]+=)[^&#\s"'()<>\\]*/g, `$1${MASK}`);
}

/** Any text as it may be written to a log: the secrets in paths of the routes above, and every query value, masked. */
export function maskSecrets(text: string): string {
  return maskQueries(maskPaths(text));
}
