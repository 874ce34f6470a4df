import type { FieldError } from '../validation/userFields.ts';

/**
 * Links an administrator adds to the header's menu (spec 000 §3 `customLinks`), for one user or
 * for the whole organization. They open outside (a new tab) when `openOutside`.
 */
export interface CustomLink {
  text: string;
  url: string;
  /** One of CUSTOM_LINK_ICONS, or null for the default link icon; never an image from elsewhere (issue 28.13). */
  iconSrc: string | null;
  openOutside: boolean;
}

export const CUSTOM_LINKS_MAX = 20;
export const CUSTOM_LINK_TEXT_MAX = 60;
export const CUSTOM_LINK_URL_MAX = 2048;
/**
 * Icons the product draws itself, the only icons a link may have: an image from elsewhere would be
 * fetched by every user's browser on every page (a tracking pixel), so none is accepted.
 */
export const CUSTOM_LINK_ICONS = ['link', 'book', 'chart', 'calendar', 'file', 'help', 'mail', 'map', 'shop', 'tool', 'users', 'world'] as const;
export type CustomLinkIcon = (typeof CUSTOM_LINK_ICONS)[number];

export function isCustomLinkIcon(value: unknown): value is CustomLinkIcon {
  return typeof value === 'string' && (CUSTOM_LINK_ICONS as readonly string[]).includes(value);
}

function parsed(url: string): URL | null {
  try {
    return new URL(url);
  } catch {
    return null;
  }
}

/**
 * Only absolute http(s) addresses with a host and without credentials: `javascript:`, `data:`,
 * relative paths and `https://bank.example@evil.example` are refused.
 */
export function linkUrlError(value: string, protocols: readonly string[] = ['http:', 'https:']): FieldError | null {
  const url = value.trim();
  if (url === '') return 'errors.requiredField';
  if (url.length > CUSTOM_LINK_URL_MAX) return 'errors.tooLong';
  const u = parsed(url);
  if (!u || !protocols.includes(u.protocol) || u.hostname === '' || u.username !== '' || u.password !== '') return 'errors.invalidUrl';
  return null;
}

export interface CustomLinkErrors {
  text?: FieldError;
  url?: FieldError;
  iconSrc?: FieldError;
}

/** Each field's error, or null when the link can be saved. */
export function customLinkErrors(link: CustomLink): CustomLinkErrors | null {
  const errors: CustomLinkErrors = {};
  const text = link.text.trim();
  if (text === '') errors.text = 'errors.requiredField';
  else if ([...text].length > CUSTOM_LINK_TEXT_MAX) errors.text = 'errors.tooLong';
  const url = linkUrlError(link.url);
  if (url) errors.url = url;
  if (link.iconSrc && !isCustomLinkIcon(link.iconSrc.trim())) errors.iconSrc = 'errors.invalidIcon';
  return Object.keys(errors).length > 0 ? errors : null;
}

/** Trimmed text and addresses; an empty icon is no icon. */
export function normalizeCustomLink(link: CustomLink): CustomLink {
  const icon = link.iconSrc?.trim() ?? '';
  return { text: link.text.trim(), url: link.url.trim(), iconSrc: icon === '' ? null : icon, openOutside: link.openOutside };
}

/** The error of a whole list: too many links, or the first link in error with its index. */
export function customLinksError(links: readonly CustomLink[]): { index: number | null; field: string; error: FieldError } | null {
  if (links.length > CUSTOM_LINKS_MAX) return { index: null, field: 'customLinks', error: 'errors.tooMany' };
  for (const [index, link] of links.entries()) {
    const errors = customLinkErrors(link);
    if (errors) {
      const [field, error] = Object.entries(errors)[0] as [string, FieldError];
      return { index, field, error };
    }
  }
  return null;
}

/**
 * Whether `url` (a parsed address, as `URL.href` writes it) is the address of one of `links`: the
 * embedded page frames only the caller's header-menu links, so a crafted /embeded/ link cannot put a
 * stranger's page (a lookalike sign-in form) inside the app.
 */
export function isLinkAddress(url: string, links: readonly { url: string }[]): boolean {
  return links.some((link) => linkUrlError(link.url) === null && parsed(link.url.trim())!.href === url);
}
