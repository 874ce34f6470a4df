/** Largest side and area of an uploaded raster image: a browser decodes it at full size (4 bytes a pixel) before scaling it down. */
export const IMAGE_MAX_SIDE = 8_192;
export const IMAGE_MAX_PIXELS = 40_000_000;

export interface ImageDimensions {
  width: number;
  height: number;
}

/**
 * A PNG, JPEG or WebP image's size as its header declares it, read before anything is decoded;
 * null when the header holds none (a truncated or damaged file). A 1 MB file can declare
 * 50,000 × 50,000 pixels, 10 GB once decoded: this is what the limits are checked on.
 */
export function readImageDimensions(bytes: Uint8Array): ImageDimensions | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const at = (i: number) => bytes[i] ?? -1;
  // PNG: the IHDR chunk comes first, right after the signature.
  if (at(0) === 0x89 && at(1) === 0x50 && at(2) === 0x4e && at(3) === 0x47) {
    if (bytes.length < 24 || String.fromCharCode(at(12), at(13), at(14), at(15)) !== 'IHDR') return null;
    return { width: view.getUint32(16), height: view.getUint32(20) };
  }
  // JPEG: the first start-of-frame segment, walking the segments from the start.
  if (at(0) === 0xff && at(1) === 0xd8) {
    let i = 2;
    while (i + 9 < bytes.length) {
      if (at(i) !== 0xff) return null;
      const marker = at(i + 1);
      if (marker === 0xff) {
        i += 1;
        continue;
      }
      if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
        i += 2;
        continue;
      }
      const length = view.getUint16(i + 2);
      if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) return { height: view.getUint16(i + 5), width: view.getUint16(i + 7) };
      if (marker === 0xd9 || marker === 0xda || length < 2) return null;
      i += 2 + length;
    }
    return null;
  }
  // WebP: RIFF, then a VP8 (lossy), VP8L (lossless) or VP8X (extended) chunk.
  if (String.fromCharCode(at(0), at(1), at(2), at(3)) === 'RIFF' && String.fromCharCode(at(8), at(9), at(10), at(11)) === 'WEBP' && bytes.length >= 30) {
    const chunk = String.fromCharCode(at(12), at(13), at(14), at(15));
    if (chunk === 'VP8 ') return { width: view.getUint16(26, true) & 0x3fff, height: view.getUint16(28, true) & 0x3fff };
    if (chunk === 'VP8L') {
      const bits = view.getUint32(21, true);
      return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
    }
    if (chunk === 'VP8X') return { width: 1 + (at(24) | (at(25) << 8) | (at(26) << 16)), height: 1 + (at(27) | (at(28) << 8) | (at(29) << 16)) };
    return null;
  }
  return null;
}

/** Why a raster image's declared size is refused, or null: both sides within IMAGE_MAX_SIDE and the area within IMAGE_MAX_PIXELS. */
export function imageDimensionsError(size: ImageDimensions | null): 'errors.imageInvalid' | 'errors.imageTooManyPixels' | null {
  if (!size || size.width < 1 || size.height < 1) return 'errors.imageInvalid';
  return size.width > IMAGE_MAX_SIDE || size.height > IMAGE_MAX_SIDE || size.width * size.height > IMAGE_MAX_PIXELS ? 'errors.imageTooManyPixels' : null;
}
