import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { printSchema } from 'graphql';
import { describe, expect, it } from 'vitest';
import { schema } from '../composition/graphqlSchema.ts';

describe('schema.graphql', () => {
  it('matches the code-first schema (run npm run schema:print -w @sitelens/server after a change)', () => {
    const committed = readFileSync(fileURLToPath(new URL('../../schema.graphql', import.meta.url)), 'utf8');
    expect(`${printSchema(schema)}\n`).toBe(committed);
  });
});
