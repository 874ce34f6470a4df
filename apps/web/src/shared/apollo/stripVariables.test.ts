import { describe, expect, it } from 'vitest';
import { stripVariables } from './stripVariables.ts';

describe('stripVariables', () => {
  it('drops __typename and undefined values at every depth and keeps nulls', () => {
    const input = {
      __typename: 'User',
      profile: { __typename: 'Profile', firstName: 'Ana', lastName: undefined, phone: null },
      pins: [{ __typename: 'PinnedUrl', id: 1, title: undefined }],
    };
    expect(stripVariables(input)).toEqual({ profile: { firstName: 'Ana', phone: null }, pins: [{ id: 1 }] });
  });

  it('keeps files as they are', () => {
    const file = new Blob(['a,b']);
    expect(stripVariables({ input: { file, note: undefined } }).input.file).toBe(file);
  });
});
