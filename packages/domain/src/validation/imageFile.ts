import { type FieldError, PROFILE_IMAGE_MAX_BYTES } from './userFields.ts';

/** What an organization's logo may be (the server sanitizes SVG). */
export const LOGO_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/svg+xml'] as const;
/** What a profile picture may be: the photos of phones and cameras, and drawn images. */
export const PROFILE_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export type ImageType = (typeof LOGO_IMAGE_TYPES)[number] | (typeof PROFILE_IMAGE_TYPES)[number];

/** Both kinds of image share the profile image's limit of spec 000 §9 (1 MB). */
export const IMAGE_MAX_BYTES = PROFILE_IMAGE_MAX_BYTES;

/**
 * A chosen file, before upload (the browser's size and type) and on the server (the decoded
 * size and the type read from the bytes). The type is checked first: a wrong file is wrong at any size.
 */
export function imageFileError(file: { size: number; type: string }, allowed: readonly string[]): FieldError | null {
  if (!allowed.includes(file.type)) return 'errors.imageType';
  return file.size > IMAGE_MAX_BYTES ? 'errors.imageTooBig' : null;
}

/** The file name extension a stored image of this type carries. */
export function imageExtension(type: ImageType): string {
  switch (type) {
    case 'image/png':
      return 'png';
    case 'image/jpeg':
      return 'jpg';
    case 'image/webp':
      return 'webp';
    case 'image/svg+xml':
      return 'svg';
  }
}
