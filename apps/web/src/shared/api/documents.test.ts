import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildSchema, parse, validate, type DocumentNode } from 'graphql';
import { describe, expect, it } from 'vitest';
import * as auth from '../../features/auth/graphql/auth.ts';
import * as dashboards from '../../features/dashboards/graphql/dashboards.ts';
import * as installations from '../../features/installations/graphql/installations.ts';
import * as organizations from '../../features/organizations/graphql/organizations.ts';
import * as users from '../../features/users/graphql/users.ts';
import * as widgetBuilder from '../../features/widget-builder/graphql/widgetBuilder.ts';
import { RENEW } from '../../features/auth/sessionRenewal.ts';
import * as caller from '../caller/callerQueries.ts';
import { DETAILS, TEXTS } from '../i18n/catalogues.ts';

const repo = (path: string) => readFileSync(fileURLToPath(new URL(`../../../../../${path}`, import.meta.url)), 'utf8');

function contractSchema() {
  const doc = repo('docs/graphql-contract.md');
  const sdl = /```graphql\n([\s\S]*?)```/.exec(doc)?.[1];
  if (!sdl) throw new Error('no graphql block in the contract');
  return buildSchema(sdl);
}

const isDocument = (value: unknown): value is DocumentNode =>
  typeof value === 'object' && value !== null && (value as DocumentNode).kind === 'Document';

const documents = Object.entries({ ...auth, ...dashboards, ...widgetBuilder, ...installations, ...organizations, ...users, ...caller }).filter(
  // Fragments alone are checked where a document uses them.
  (entry): entry is [string, DocumentNode] => isDocument(entry[1]) && !entry[1].definitions.every((d) => d.kind === 'FragmentDefinition'),
);

// The renewal and the catalogues bypass Apollo; their query texts are checked here too.
const bareQueries = [RENEW, DETAILS, TEXTS];

describe('GraphQL documents of the web app', () => {
  const schemas = { contract: contractSchema(), server: buildSchema(repo('apps/server/schema.graphql')) };

  it.each(Object.keys(schemas))('all validate against the %s schema', (name) => {
    const schema = schemas[name as keyof typeof schemas];
    const errors = [...documents.map(([, doc]) => doc), ...bareQueries.map((q) => parse(q))].flatMap((doc) =>
      validate(schema, doc).map((e) => e.message),
    );
    expect(documents.length).toBeGreaterThan(8);
    expect(errors).toEqual([]);
  });
});
