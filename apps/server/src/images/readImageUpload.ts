import { createHash } from 'node:crypto';
import { IMAGE_MAX_BYTES, type ImageType, imageExtension, imageFileError } from '@sitelens/domain';
import type { BlobStore } from '../blobs/blobStore.ts';
import { badInput } from '../graphql/errors.ts';
import { SvgRejectedError, sanitizeSvg } from './sanitizeSvg.ts';

const DATA_URL = /^data:([\w.+-]+\/[\w.+-]+)?((?:;[\w-]+=[\w.-]+)*);base64,([A-Za-z0-9+/\s]*={0,2})$/;

/** The image type of the bytes themselves (what a browser would sniff), whatever the upload claimed. */
export function sniffImageType(bytes: Uint8Array): ImageType | null {
  const starts = (...signature: number[]) => signature.every((byte, i) => bytes[i] === byte);
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (starts(0x52, 0x49, 0x46, 0x46) && Buffer.from(bytes.subarray(8, 12)).toString('latin1') === 'WEBP') return 'image/webp';
  const head = Buffer.from(bytes.subarray(0, 4096)).toString('utf8').replace(/^\uFEFF/, '');
  if (/^\s*(<\?xml[^>]*\?>\s*)?(<!--[\s\S]*?-->\s*|<!DOCTYPE[^>[]*(\[[\s\S]*?\])?\s*>\s*)*<svg[\s>/]/i.test(head)) return 'image/svg+xml';
  return null;
}

export interface ImageUpload {
  type: ImageType;
  bytes: Buffer;
}

/**
 * Reads an image sent as a `data:` URL (base64): at most 1 MB decoded, of one of the allowed
 * types as read from its bytes; SVG comes back sanitized. Anything else is BAD_USER_INPUT on the field.
 */
export function readImageUpload(dataUrl: string, allowed: readonly ImageType[], field: string): ImageUpload {
  const match = DATA_URL.exec(dataUrl.trim());
  if (!match) throw badInput(field, 'errors.imageInvalid');
  const base64 = match[3]!.replace(/\s/g, '');
  // Refused before decoding: a huge upload costs no memory.
  if (Math.floor((base64.length * 3) / 4) - (base64.match(/=+$/)?.[0].length ?? 0) > IMAGE_MAX_BYTES) throw badInput(field, 'errors.imageTooBig');
  const bytes = Buffer.from(base64, 'base64');
  const type = sniffImageType(bytes);
  const error = imageFileError({ size: bytes.length, type: type ?? '' }, allowed);
  if (error || !type) throw badInput(field, error ?? 'errors.imageType');
  if (type !== 'image/svg+xml') return { type, bytes };
  try {
    return { type, bytes: Buffer.from(sanitizeSvg(bytes.toString('utf8').replace(/^\uFEFF/, '')), 'utf8') };
  } catch (rejected) {
    if (rejected instanceof SvgRejectedError) throw badInput(field, 'errors.imageInvalid');
    throw rejected;
  }
}

/** Stores an image under `{folder}/{digest}.{ext}`: a new picture has a new address, so browsers may cache each for ever. */
export async function storeImage(blobs: BlobStore, folder: string, image: ImageUpload): Promise<string> {
  const digest = createHash('sha256').update(image.bytes).digest('hex').slice(0, 20);
  const key = `${folder}/${digest}.${imageExtension(image.type)}`;
  await blobs.put(key, image.bytes);
  return key;
}

/** Where a user's picture and an organization's logo are kept; the images route reads the same paths. */
export const userImageFolder = (userId: number) => `images/users/${userId}`;
export const organizationImageFolder = (organizationId: number) => `images/organizations/${organizationId}`;

/** The address the browser loads a stored image from (served by the images route). */
export const imageUrl = (key: string | null): string | null => (key ? `/api/${key}` : null);

export const IMAGE_CONTENT_TYPES: Record<string, ImageType> = { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp', svg: 'image/svg+xml' };
