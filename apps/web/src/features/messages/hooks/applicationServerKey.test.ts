import { describe, expect, it } from 'vitest';
import { applicationServerKey } from './applicationServerKey.ts';

describe('applicationServerKey', () => {
  it('decodes an unpadded base64url P-256 public key to its 65 bytes', () => {
    const bytes = new Uint8Array(65).map((_, i) => (i * 37) % 256);
    bytes[0] = 4;
    const encoded = Buffer.from(bytes).toString('base64url');
    expect(encoded).not.toContain('=');
    expect(Array.from(applicationServerKey(encoded))).toEqual(Array.from(bytes));
  });
});
