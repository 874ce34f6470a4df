import { createHash } from 'node:crypto';
import { IMAGE_MAX_BYTES, type ImageType, UnreadableUploadError, UploadLimitError, imageDimensionsError, imageExtension, imageFileError, readImageDimensions } from '@sitelens/domain';
import type { BlobStore } from '../blobs/blobStore.ts';
import { badInput } from '../graphql/errors.ts';
import type { UploadSandbox } from '../uploads/uploadSandbox.ts';
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
 * Reads an image sent as a `data:` URL (base64), under the upload guard (issue 28): at most 1 MB
 * decoded, of one of the allowed types as read from its bytes; a raster image's size as its header
 * declares it (before anything would decode it, here or in a browser) within IMAGE_MAX_SIDE and
 * IMAGE_MAX_PIXELS; an SVG sanitized in the upload sandbox (its own heap and time limits) when one
 * is given. Anything else is BAD_USER_INPUT on the field.
 */
export async function readImageUpload(dataUrl: string, allowed: readonly ImageType[], field: string, sandbox?: UploadSandbox, owner = 'images'): Promise<ImageUpload> {
  const match = DATA_URL.exec(dataUrl.trim());
  if (!match) throw badInput(field, 'errors.imageInvalid');
  const base64 = match[3]!.replace(/\s/g, '');
  // Refused before decoding: a huge upload costs no memory.
  if (Math.floor((base64.length * 3) / 4) - (base64.match(/=+$/)?.[0].length ?? 0) > IMAGE_MAX_BYTES) throw badInput(field, 'errors.imageTooBig');
  const bytes = Buffer.from(base64, 'base64');
  const type = sniffImageType(bytes);
  const error = imageFileError({ size: bytes.length, type: type ?? '' }, allowed);
  if (error || !type) throw badInput(field, error ?? 'errors.imageType');
  if (type !== 'image/svg+xml') {
    const pixels = imageDimensionsError(readImageDimensions(bytes));
    if (pixels) throw badInput(field, pixels);
    return { type, bytes };
  }
  const text = bytes.toString('utf8').replace(/^\uFEFF/, '');
  try {
    const clean = sandbox ? await sandbox.run<string>('svgImage', { text }, { owner }) : sanitizeSvg(text);
    return { type, bytes: Buffer.from(clean, 'utf8') };
  } catch (rejected) {
    if (rejected instanceof SvgRejectedError || rejected instanceof UnreadableUploadError) throw badInput(field, 'errors.imageInvalid');
    if (rejected instanceof UploadLimitError) throw badInput(field, 'errors.imageTooComplex');
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
