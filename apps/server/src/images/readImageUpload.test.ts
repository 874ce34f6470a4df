import { describe, expect, it } from 'vitest';
import { LOGO_IMAGE_TYPES, PROFILE_IMAGE_TYPES } from '@sitelens/domain';
import { readImageUpload, sniffImageType } from './readImageUpload.ts';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAAABJRU5ErkJggg==', 'base64');
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46]);
const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x24, 0, 0, 0]), Buffer.from('WEBPVP8 ')]);
const svg = (text: string) => Buffer.from(text, 'utf8');
const dataUrl = (bytes: Buffer, label = 'image/png') => `data:${label};base64,${bytes.toString('base64')}`;
const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return (error as { extensions?: Record<string, unknown> }).extensions;
  }
  return null;
};

describe('sniffImageType reads the bytes, not the name', () => {
  it.each([
    [PNG, 'image/png'],
    [JPEG, 'image/jpeg'],
    [WEBP, 'image/webp'],
    [svg('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'image/svg+xml'],
    [svg('\uFEFF<?xml version="1.0" encoding="UTF-8"?>\n<!-- Illustrator -->\n<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "x.dtd">\n<svg>'), 'image/svg+xml'],
    [svg('<html><svg></svg></html>'), null],
    [Buffer.from('%PDF-1.7'), null],
    [Buffer.from('GIF89a'), null],
    [Buffer.alloc(0), null],
  ])('%#: %s', (bytes, expected) => {
    expect(sniffImageType(bytes)).toBe(expected);
  });
});

describe('readImageUpload', () => {
  it('takes an allowed image whatever its label says, and gives its bytes back', () => {
    expect(readImageUpload(dataUrl(PNG, 'application/octet-stream'), PROFILE_IMAGE_TYPES, 'picture')).toEqual({ type: 'image/png', bytes: PNG });
    expect(readImageUpload(`data:;base64,${JPEG.toString('base64')}`, LOGO_IMAGE_TYPES, 'logo').type).toBe('image/jpeg');
  });

  it('sanitizes an SVG logo', () => {
    const out = readImageUpload(dataUrl(svg('<svg onload="alert(1)"><rect width="2"/></svg>'), 'image/svg+xml'), LOGO_IMAGE_TYPES, 'logo');
    expect(out.bytes.toString('utf8')).toBe('<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"><rect width="2"></rect></svg>');
  });

  it.each([
    ['a plain address', 'https://cdn.example/me.png', PROFILE_IMAGE_TYPES, 'errors.imageInvalid'],
    ['a data URL that is not base64', 'data:image/png,abc', PROFILE_IMAGE_TYPES, 'errors.imageInvalid'],
    ['a WebP logo', dataUrl(WEBP, 'image/webp'), LOGO_IMAGE_TYPES, 'errors.imageType'],
    ['an SVG picture', dataUrl(svg('<svg/>'), 'image/svg+xml'), PROFILE_IMAGE_TYPES, 'errors.imageType'],
    ['a broken SVG', dataUrl(svg('<svg><rect></svg>'), 'image/svg+xml'), LOGO_IMAGE_TYPES, 'errors.imageInvalid'],
    ['one byte over 1 MB', dataUrl(Buffer.concat([PNG, Buffer.alloc(1024 * 1024 - PNG.length + 1)])), PROFILE_IMAGE_TYPES, 'errors.imageTooBig'],
  ])('refuses %s', (_name, value, allowed, reason) => {
    expect(refusal(() => readImageUpload(value, allowed, 'picture'))).toMatchObject({ code: 'BAD_USER_INPUT', field: 'picture', reason });
  });

  it('takes exactly 1 MB', () => {
    expect(readImageUpload(dataUrl(Buffer.concat([PNG, Buffer.alloc(1024 * 1024 - PNG.length)])), PROFILE_IMAGE_TYPES, 'picture').bytes.length).toBe(1024 * 1024);
  });
});
