import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { printSchema } from 'graphql';
import { schema } from './graphqlSchema.ts';

// Writes the committed schema.graphql; a test fails when it drifts from the code.
writeFileSync(fileURLToPath(new URL('../../schema.graphql', import.meta.url)), `${printSchema(schema)}\n`);
