import { type CustomLink, customLinksError, isCustomLinkIcon, normalizeCustomLink } from '@sitelens/domain';
import { badInput } from '../../graphql/errors.ts';
import type { CustomLink as StoredLink } from '../organizations/organizations.tables.ts';

/** A list of links as sent by a client, checked by the shared rule and trimmed; the first fault is BAD_USER_INPUT. */
export function checkCustomLinks(links: readonly CustomLink[]): CustomLink[] {
  const fault = customLinksError(links);
  if (fault) throw badInput(fault.index === null ? 'customLinks' : `customLinks.${fault.index}.${fault.field}`, fault.error);
  return links.map(normalizeCustomLink);
}

/** Stored links with their defaults filled in; an image address saved before issue 28.13 reads as the default icon. */
export function storedLinks(links: readonly StoredLink[] | null | undefined): CustomLink[] {
  return (links ?? []).map((l) => ({ text: l.text, url: l.url, iconSrc: isCustomLinkIcon(l.iconSrc) ? l.iconSrc : null, openOutside: l.openOutside ?? false }));
}
