// App-relative paths, as stored by bookmarks (pins) and short links (spec 002 §2-§4): a path of
// this app with its query (the page's filters), never another site. Used by the server to refuse
// anything else and by the web app before navigating.
export const APP_PATH_MAX_LENGTH = 2048;

/** Shape of a checked path: `path` starts with one '/', `query` is '' or starts with '?'. */
export interface AppPath {
  path: string;
  query: string;
}

const ORIGIN = 'http://app.invalid';

/**
 * The path and query of an app-relative URL, or null for anything that could leave the app:
 * absolute or protocol-relative URLs, backslashes, control characters, over-long input. A fragment
 * is dropped.
 */
export function parseAppPath(value: string): AppPath | null {
  if (!value.startsWith('/') || value.startsWith('//') || value.length > APP_PATH_MAX_LENGTH) return null;
  // eslint-disable-next-line no-control-regex
  if (/[\\\u0000-\u001f\u007f\s]/.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== ORIGIN) return null;
  return { path: url.pathname, query: url.search };
}

/** The single string form of a checked path (path and query). */
export function formatAppPath(p: AppPath): string {
  return `${p.path}${p.query}`;
}
