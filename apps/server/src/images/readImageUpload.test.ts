import { describe, expect, it } from 'vitest';
import { LOGO_IMAGE_TYPES, PROFILE_IMAGE_TYPES } from '@sitelens/domain';
import { readImageUpload, sniffImageType } from './readImageUpload.ts';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAAABJRU5ErkJggg==', 'base64');
/** A JPEG's start: an APP0 segment, then a start of frame declaring its height and width. */
const jpeg = (width: number, height: number) =>
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0, 0xff, 0xc0, 0x00, 0x11, 0x08, height >> 8, height & 255, width >> 8, width & 255, 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]);
const JPEG = jpeg(640, 480);
const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x24, 0, 0, 0]), Buffer.from('WEBPVP8 '), Buffer.from([0x18, 0, 0, 0, 0x30, 0x01, 0, 0x9d, 0x01, 0x2a, 0x80, 0x02, 0xe0, 0x01])]);
/** A PNG's signature and IHDR chunk declaring its width and height (nothing decodable after it). */
const png = (width: number, height: number) => {
  const ihdr = Buffer.alloc(25);
  ihdr.writeUInt32BE(13, 0);
  ihdr.write('IHDR', 4, 'latin1');
  ihdr.writeUInt32BE(width, 8);
  ihdr.writeUInt32BE(height, 12);
  ihdr.set([8, 6, 0, 0, 0], 16);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), ihdr]);
};
const svg = (text: string) => Buffer.from(text, 'utf8');
const dataUrl = (bytes: Buffer, label = 'image/png') => `data:${label};base64,${bytes.toString('base64')}`;
const refusal = async (run: () => Promise<unknown>) => {
  try {
    await run();
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
  it('takes an allowed image whatever its label says, and gives its bytes back', async () => {
    expect(await readImageUpload(dataUrl(PNG, 'application/octet-stream'), PROFILE_IMAGE_TYPES, 'picture')).toEqual({ type: 'image/png', bytes: PNG });
    expect((await readImageUpload(`data:;base64,${JPEG.toString('base64')}`, LOGO_IMAGE_TYPES, 'logo')).type).toBe('image/jpeg');
    expect((await readImageUpload(dataUrl(WEBP, 'image/webp'), PROFILE_IMAGE_TYPES, 'picture')).type).toBe('image/webp');
  });

  it('reads a raster image’s declared size from its header, before anything decodes it (issue 28)', async () => {
    // 60,000 × 60,000 pixels in 33 bytes: 14 GB once a browser decodes it.
    expect(await refusal(() => readImageUpload(dataUrl(png(60_000, 60_000)), PROFILE_IMAGE_TYPES, 'picture'))).toMatchObject({ field: 'picture', reason: 'errors.imageTooManyPixels' });
    expect(await refusal(() => readImageUpload(dataUrl(jpeg(9_000, 10)), LOGO_IMAGE_TYPES, 'logo'))).toMatchObject({ reason: 'errors.imageTooManyPixels' });
    expect(await refusal(() => readImageUpload(dataUrl(png(8_000, 6_000)), PROFILE_IMAGE_TYPES, 'picture'))).toMatchObject({ reason: 'errors.imageTooManyPixels' });
    expect((await readImageUpload(dataUrl(png(8_192, 4_000)), PROFILE_IMAGE_TYPES, 'picture')).type).toBe('image/png');
    // A JPEG without a frame header has no size to check: refused as no image.
    expect(await refusal(() => readImageUpload(dataUrl(JPEG.subarray(0, 12)), PROFILE_IMAGE_TYPES, 'picture'))).toMatchObject({ reason: 'errors.imageInvalid' });
  });

  it('sanitizes an SVG logo', async () => {
    const out = await readImageUpload(dataUrl(svg('<svg onload="alert(1)"><rect width="2"/></svg>'), 'image/svg+xml'), LOGO_IMAGE_TYPES, 'logo');
    expect(out.bytes.toString('utf8')).toBe('<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"><rect width="2"></rect></svg>');
  });

  it.each([
    ['a plain address', 'https://cdn.example/me.png', PROFILE_IMAGE_TYPES, 'errors.imageInvalid'],
    ['a data URL that is not base64', 'data:image/png,abc', PROFILE_IMAGE_TYPES, 'errors.imageInvalid'],
    ['a WebP logo', dataUrl(WEBP, 'image/webp'), LOGO_IMAGE_TYPES, 'errors.imageType'],
    ['an SVG picture', dataUrl(svg('<svg/>'), 'image/svg+xml'), PROFILE_IMAGE_TYPES, 'errors.imageType'],
    ['a broken SVG', dataUrl(svg('<svg><rect></svg>'), 'image/svg+xml'), LOGO_IMAGE_TYPES, 'errors.imageInvalid'],
    ['one byte over 1 MB', dataUrl(Buffer.concat([PNG, Buffer.alloc(1024 * 1024 - PNG.length + 1)])), PROFILE_IMAGE_TYPES, 'errors.imageTooBig'],
  ])('refuses %s', async (_name, value, allowed, reason) => {
    expect(await refusal(() => readImageUpload(value, allowed, 'picture'))).toMatchObject({ code: 'BAD_USER_INPUT', field: 'picture', reason });
  });

  it('takes exactly 1 MB', async () => {
    expect((await readImageUpload(dataUrl(Buffer.concat([PNG, Buffer.alloc(1024 * 1024 - PNG.length)])), PROFILE_IMAGE_TYPES, 'picture')).bytes.length).toBe(1024 * 1024);
  });
});
