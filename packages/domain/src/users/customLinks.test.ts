import { describe, expect, it } from 'vitest';
import { CUSTOM_LINKS_MAX, type CustomLink, customLinkErrors, customLinksError, isLinkAddress, linkUrlError, normalizeCustomLink } from './customLinks.ts';

const link = (over: Partial<CustomLink> = {}): CustomLink => ({ text: 'Intranet', url: 'https://intranet.acme.test/', iconSrc: null, openOutside: true, ...over });

describe('linkUrlError', () => {
  it.each([
    ['https://intranet.acme.test/', null],
    ['http://192.168.1.10:8080/report?x=1#y', null],
    ['  https://acme.test  ', null],
    ['HTTPS://ACME.TEST', null],
    ['', 'errors.requiredField'],
    ['   ', 'errors.requiredField'],
    ['javascript:alert(1)', 'errors.invalidUrl'],
    ['JavaScript:alert(1)', 'errors.invalidUrl'],
    ['data:text/html,<script>alert(1)</script>', 'errors.invalidUrl'],
    ['vbscript:msgbox', 'errors.invalidUrl'],
    ['ftp://files.acme.test', 'errors.invalidUrl'],
    ['mailto:help@acme.test', 'errors.invalidUrl'],
    ['/dashboard/3', 'errors.invalidUrl'],
    ['//evil.example/', 'errors.invalidUrl'],
    ['intranet.acme.test', 'errors.invalidUrl'],
    ['https://bank.example@evil.example/', 'errors.invalidUrl'],
    ['https://user:pw@acme.test/', 'errors.invalidUrl'],
    ['https://', 'errors.invalidUrl'],
    [`https://acme.test/${'a'.repeat(2048)}`, 'errors.tooLong'],
  ])('%j → %s', (url, expected) => {
    expect(linkUrlError(url)).toBe(expected);
  });
});

describe('customLinkErrors', () => {
  it.each([
    [link(), null],
    [link({ iconSrc: 'book' }), null],
    // Only the product's own icons: an image from elsewhere is a tracking pixel in every user's page (issue 28.13).
    [link({ iconSrc: 'https://cdn.acme.test/icon.png' }), { iconSrc: 'errors.invalidIcon' }],
    [link({ iconSrc: 'http://cdn.acme.test/icon.png' }), { iconSrc: 'errors.invalidIcon' }],
    [link({ iconSrc: 'javascript:alert(1)' }), { iconSrc: 'errors.invalidIcon' }],
    [link({ iconSrc: 'rocket' }), { iconSrc: 'errors.invalidIcon' }],
    [link({ text: ' ' }), { text: 'errors.requiredField' }],
    [link({ text: 'x'.repeat(61) }), { text: 'errors.tooLong' }],
    [link({ text: '', url: 'javascript:x' }), { text: 'errors.requiredField', url: 'errors.invalidUrl' }],
  ])('%j → %j', (value, expected) => {
    expect(customLinkErrors(value)).toEqual(expected);
  });

  it('names the first link in error, and refuses too many links', () => {
    expect(customLinksError([link(), link({ url: 'ftp://x' })])).toEqual({ index: 1, field: 'url', error: 'errors.invalidUrl' });
    expect(customLinksError(Array.from({ length: CUSTOM_LINKS_MAX + 1 }, () => link()))).toEqual({ index: null, field: 'customLinks', error: 'errors.tooMany' });
    expect(customLinksError(Array.from({ length: CUSTOM_LINKS_MAX }, () => link()))).toBeNull();
  });

  it('trims before saving and reads an empty icon as none', () => {
    expect(normalizeCustomLink(link({ text: ' Intranet ', url: ' https://acme.test ', iconSrc: ' ' }))).toEqual(link({ url: 'https://acme.test', iconSrc: null }));
  });
});

describe('isLinkAddress', () => {
  const links = [{ url: 'https://intranet.example.com/report' }, { url: ' https://exemple.fr/données ' }, { url: 'not a link' }];
  it('takes the addresses of the links, however they were written', () => {
    expect(isLinkAddress('https://intranet.example.com/report', links)).toBe(true);
    expect(isLinkAddress(new URL('https://exemple.fr/données').href, links)).toBe(true);
  });
  it('refuses any other address, a longer path of a link’s site included', () => {
    expect(isLinkAddress('https://evil.example.net/login', links)).toBe(false);
    expect(isLinkAddress('https://intranet.example.com/report/other', links)).toBe(false);
    expect(isLinkAddress('https://intranet.example.com/report', [])).toBe(false);
  });
});
