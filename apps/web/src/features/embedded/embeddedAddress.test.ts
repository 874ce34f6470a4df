import { describe, expect, it } from 'vitest';
import { decodeEmbeddedUrl, embeddedPath } from './embeddedAddress.ts';

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

  it.each([undefined, '', '!!!', b64('javascript:alert(1)'), b64('data:text/html,hi'), b64('not a url'), b64('ftp://example.com'), b64('https://bank.example@evil.example/')])('refuses %s', (encoded) => {
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

