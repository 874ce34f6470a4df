import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildSchema, type DocumentNode, validate } from 'graphql';
import { describe, expect, it } from 'vitest';
import * as filterData from '../../features/filters/graphql/filterData.ts';
import * as pins from '../../features/pins/graphql/pins.ts';
import * as shortLinks from '../../features/shortlinks/graphql/shortLinks.ts';
import * as siteZones from './siteZones.ts';
import * as tagCategories from './tagCategories.ts';

// The filter bar (its site's zones too), bookmark and short-link documents are valid against the server's schema.
const schema = buildSchema(readFileSync(fileURLToPath(new URL('../../../../server/schema.graphql', import.meta.url)), 'utf8'));
const documents = Object.entries({ ...filterData, ...siteZones, ...tagCategories, ...pins, ...shortLinks }).filter(
  (entry): entry is [string, DocumentNode] => typeof entry[1] === 'object' && (entry[1] as DocumentNode).kind === 'Document',
);

describe('filter bar, bookmark and short-link documents', () => {
  it('has them all', () => expect(documents.length).toBe(10));
  it.each(documents)('%s is valid against schema.graphql', (_name, doc) => expect(validate(schema, doc)).toEqual([]));
});
