import { describe, expect, it } from 'vitest';
import { IMAGE_MAX_BYTES, LOGO_IMAGE_TYPES, PROFILE_IMAGE_TYPES, imageExtension, imageFileError } from './imageFile.ts';

describe('imageFileError', () => {
  it.each([
    [{ size: 20_000, type: 'image/png' }, LOGO_IMAGE_TYPES, null],
    [{ size: IMAGE_MAX_BYTES, type: 'image/svg+xml' }, LOGO_IMAGE_TYPES, null],
    [{ size: IMAGE_MAX_BYTES + 1, type: 'image/jpeg' }, LOGO_IMAGE_TYPES, 'errors.imageTooBig'],
    [{ size: 20_000, type: 'image/webp' }, LOGO_IMAGE_TYPES, 'errors.imageType'],
    [{ size: 20_000, type: 'image/webp' }, PROFILE_IMAGE_TYPES, null],
    [{ size: 20_000, type: 'image/svg+xml' }, PROFILE_IMAGE_TYPES, 'errors.imageType'],
    [{ size: 5_000_000, type: 'application/pdf' }, LOGO_IMAGE_TYPES, 'errors.imageType'],
    [{ size: 10, type: '' }, PROFILE_IMAGE_TYPES, 'errors.imageType'],
  ])('%j among %j → %s', (file, allowed, expected) => {
    expect(imageFileError(file, allowed)).toBe(expected);
  });

  it.each([
    ['image/png', 'png'],
    ['image/jpeg', 'jpg'],
    ['image/webp', 'webp'],
    ['image/svg+xml', 'svg'],
  ] as const)('%s is stored as .%s', (type, ext) => {
    expect(imageExtension(type)).toBe(ext);
  });
});
