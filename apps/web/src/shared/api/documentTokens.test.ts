import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DOCUMENT_TOKENS_MAX } from '@sitelens/domain';
import { Lexer, Source, TokenKind } from 'graphql';
import { describe, expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('../../', import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

function tokens(text: string): number {
  const lexer = new Lexer(new Source(text));
  let count = 0;
  while (lexer.advance().kind !== TokenKind.EOF) count++;
  return count;
}

/** Every `graphql(`…`)` text of the app, with the fragments it spreads, however it includes them. */
const texts = sourceFiles(SRC).flatMap((file) => [...readFileSync(file, 'utf8').matchAll(/graphql\(\s*`([^`]*)`/g)].map((m) => m[1]!));
const fragments = new Map(texts.flatMap((text) => [...text.matchAll(/fragment\s+(\w+)\s+on/g)].map((m) => [m[1]!, text] as const)));

function withFragments(text: string, seen = new Set<string>()): number {
  const spreads = [...text.matchAll(/\.\.\.\s*(\w+)/g)].map((m) => m[1]!).filter((name) => name !== 'on' && fragments.has(name) && !seen.has(name));
  for (const name of spreads) seen.add(name);
  return tokens(text) + spreads.reduce((sum, name) => sum + withFragments(fragments.get(name)!, seen), 0);
}

describe('the size of the web app\'s GraphQL documents', () => {
  it('stays under half of what the server parses (DOCUMENT_TOKENS_MAX), fragments included', () => {
    expect(texts.length).toBeGreaterThan(100);
    const largest = Math.max(...texts.map((text) => withFragments(text)));
    expect(largest).toBeGreaterThan(50);
    expect(largest).toBeLessThanOrEqual(DOCUMENT_TOKENS_MAX / 2);
  });
});
