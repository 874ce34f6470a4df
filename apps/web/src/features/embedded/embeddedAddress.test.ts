import { describe, expect, it } from 'vitest';
import { decodeEmbeddedUrl, embeddedPath, isEmbeddable } from './embeddedAddress.ts';

const b64 = (s: string) => btoa(String.fromCharCode(...new TextEncoder().encode(s)));

describe('decodeEmbeddedUrl', () => {
  it.each([
    [b64('https://example.com/report?a=1&b=2'), 'https://example.com/report?a=1&b=2'],
    [b64('http://intranet.local:8080/'), 'http://intranet.local:8080/'],
    [b64('https://exemple.fr/données').replace(/=+$/, ''), 'https://exemple.fr/donn%C3%A9es'],
    [b64('https://example.com/?q=>>>').replace(/\+/g, '-').replace(/\//g, '_'), 'https://example.com/?q=%3E%3E%3E'],
  ])('decodes %s', (encoded, expected) => {
    expect(decodeEmbeddedUrl(encoded)).toBe(expected);
  });

  it.each([undefined, '', '!!!', b64('javascript:alert(1)'), b64('data:text/html,hi'), b64('not a url'), b64('ftp://example.com')])('refuses %s', (encoded) => {
    expect(decodeEmbeddedUrl(encoded)).toBeNull();
  });
});

describe('embeddedPath', () => {
  it.each(['https://example.com/report?a=1&b=2', 'https://exemple.fr/données?x=é', 'http://intranet.local:8080/~team/?q=>>>'])('gives back %s through decodeEmbeddedUrl', (url) => {
    const path = embeddedPath(url);
    expect(path).toMatch(/^\/embeded\/[A-Za-z0-9_-]+$/);
    expect(decodeEmbeddedUrl(path.slice('/embeded/'.length))).toBe(new URL(url).href);
  });
});

describe('isEmbeddable', () => {
  const links = [{ url: 'https://intranet.example.com/report' }, { url: ' https://exemple.fr/données ' }, { url: 'not a link' }];
  it('takes the addresses of the caller’s links, however they were written', () => {
    expect(isEmbeddable('https://intranet.example.com/report', links)).toBe(true);
    expect(isEmbeddable(decodeEmbeddedUrl(embeddedPath('https://exemple.fr/données').slice(9))!, links)).toBe(true);
  });
  it('refuses any other address, a longer path of a link’s site included', () => {
    expect(isEmbeddable('https://evil.example.net/login', links)).toBe(false);
    expect(isEmbeddable('https://intranet.example.com/report/other', links)).toBe(false);
    expect(isEmbeddable('https://intranet.example.com/report', [])).toBe(false);
  });
});
