import { randomBytes } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** 12 base62 characters: about 71 bits, far beyond guessing. */
export const SHORT_LINK_CODE_LENGTH = 12;
export const SHORT_LINK_CODE = /^[0-9A-Za-z]{10,32}$/;

/** A uniformly random base62 code (bytes >= 248 are dropped so no character is favoured). */
export function newShortLinkCode(length = SHORT_LINK_CODE_LENGTH): string {
  let code = '';
  while (code.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248 && code.length < length) code += ALPHABET[byte % 62];
    }
  }
  return code;
}
