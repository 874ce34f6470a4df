import { FULL_RIGHTS, type RightsTree } from '@sitelens/domain';
import {
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLInputType,
  getNamedType,
  isEnumType,
  isInputObjectType,
  isLeafType,
  isListType,
  isNonNullType,
} from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { createOrganization, createProfile, createSite, createUser } from '../test/factories.ts';
import { openTestDatabase } from '../test/testDatabase.ts';
import { errorCode, startTestServer } from '../test/testServer.ts';
import { type FieldRight, RIGHTS_FILE, ROOT_RIGHTS, type RootTypeName } from './fieldRights.ts';
import { schema } from '../composition/graphqlSchema.ts';

/** A valid value of an input type, so a refusal can only come from the right, not from the arguments. */
export function sampleValue(type: GraphQLInputType): unknown {
  if (isNonNullType(type)) return sampleValue(type.ofType);
  if (isListType(type)) return [sampleValue(type.ofType)];
  if (isEnumType(type)) return type.getValues()[0]!.name;
  if (isInputObjectType(type)) {
    const fields = Object.values(type.getFields()).filter((f) => isNonNullType(f.type));
    return Object.fromEntries(fields.map((f) => [f.name, sampleValue(f.type)]));
  }
  const samples: Record<string, unknown> = {
    Int: 1,
    Float: 1,
    String: 'x',
    Boolean: true,
    ID: '1',
    Date: '2026-01-01',
    DateTime: '2026-01-01T00:00:00Z',
    JSON: {},
    Upload: null,
  };
  const name = getNamedType(type).name;
  if (!(name in samples)) throw new Error(`no sample value for the scalar ${name}: add one in fieldRights.test.ts`);
  return samples[name];
}

/** One call of a root field with every required argument, selecting only __typename. */
export function callOf(operation: 'query' | 'mutation', field: GraphQLField<unknown, unknown>) {
  const required = field.args.filter((a: GraphQLArgument) => isNonNullType(a.type));
  const decl = required.map((a) => `$${a.name}: ${a.type.toString()}`).join(', ');
  const args = required.map((a) => `${a.name}: $${a.name}`).join(', ');
  const selection = isLeafType(getNamedType(field.type)) ? '' : ' { __typename }';
  const query = `${operation}${decl ? `(${decl})` : ''} { ${field.name}${args ? `(${args})` : ''}${selection} }`;
  return { query, variables: Object.fromEntries(required.map((a) => [a.name, sampleValue(a.type)])) };
}

const NO_RIGHTS: RightsTree = {
  organization: { user: { read: false, edit: false, delete: false }, general: { read: false, edit: false } },
  dashboard: {
    custom: { read: false, edit: false },
    sensor: { read: false },
    alert: { read: false, create: false, edit: false, delete: false },
    report: { read: false, create: false, edit: false, delete: false },
  },
  app: { salesFunnel: { read: false }, stopNGO: { read: false, create: false, edit: false, delete: false } },
  data: { salesMetrics: { read: false, edit: false } },
};

type Row = [string, RootTypeName, FieldRight];
const operationOf = (root: RootTypeName) => (root === 'Mutation' ? 'mutation' : 'query');
const fieldOf = (root: RootTypeName, name: string) => (root === 'Mutation' ? schema.getMutationType() : schema.getQueryType())!.getFields()[name]!;
const rootNames: RootTypeName[] = ['Query', 'Mutation'];
const rows: Row[] = rootNames.flatMap((root) => Object.entries(ROOT_RIGHTS[root]).map(([name, right]): Row => [name, root, right]));
const needsSignIn = rows.filter(([, , r]) => r.kind !== 'anonymous');
const needsRight = rows.filter(([, , r]) => r.kind === 'gate' || r.kind === 'admin');

describe('the table of root field rights', () => {
  it.each(['Query', 'Mutation', 'Subscription'] as const)('has one line for every %s field of the schema, and none for a removed one', (root) => {
    const type = root === 'Query' ? schema.getQueryType() : root === 'Mutation' ? schema.getMutationType() : schema.getSubscriptionType();
    const fields = Object.keys(type?.getFields() ?? {});
    const table = ROOT_RIGHTS[root];
    const missing = fields.filter((f) => !Object.hasOwn(table, f));
    const stale = Object.keys(table).filter((f) => !fields.includes(f));
    const hint = missing.map((f) => `  ${root}.${f}: add \`${f}: signedIn,\` (or anonymous, admin, gate('<gate>')) to ${root.toUpperCase()}_RIGHTS in ${RIGHTS_FILE}`);
    expect(missing, `root fields without a right:\n${hint.join('\n')}`).toEqual([]);
    expect(stale, `lines of ${RIGHTS_FILE} naming no ${root} field: remove them`).toEqual([]);
  });
});

describe('every root field refuses a caller without its right, over HTTP', () => {
  let database: Database;
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let tokens: Record<'none' | 'staff' | 'admin', string>;

  beforeAll(async () => {
    database = await openTestDatabase();
    const org = await createOrganization(database, 'Acme Retail', { dataExport: true });
    await createSite(database, org.id);
    const none = await createProfile(database, org.id, NO_RIGHTS, 'Nothing');
    const full = await createProfile(database, org.id, FULL_RIGHTS, 'Everything but administration');
    // User 1, the sample id of user arguments: the calls that end or remove a user hit a bystander, not a caller.
    await createUser(database, { email: 'bystander@acme.test', organizationIds: [org.id], profileId: none.id });
    await createUser(database, { email: 'none@acme.test', organizationIds: [org.id], profileId: none.id });
    await createUser(database, { email: 'staff@acme.test', organizationIds: [org.id], profileId: full.id });
    await createUser(database, { email: 'admin@acme.test', organizationIds: [org.id], role: 'admin' });
    server = await startTestServer(database);
    tokens = await server.signInAll({ none: 'none@acme.test', staff: 'staff@acme.test', admin: 'admin@acme.test' });
  });

  afterAll(async () => {
    await server?.close();
    await database?.close();
  });

  it.each(needsSignIn)('%s (%s) refuses an anonymous caller', async (name, root) => {
    const { query, variables } = callOf(operationOf(root), fieldOf(root, name));
    expect(errorCode(await server.gql(query, variables))).toBe('UNAUTHENTICATED');
  });

  it.each(needsRight)('%s (%s) refuses a signed-in caller without its right, and lets its holder past the check', async (name, root, right) => {
    const { query, variables } = callOf(operationOf(root), fieldOf(root, name));
    // A profile with every right refused; for administrator fields, a profile with every right but not an administrator.
    const lacking = right.kind === 'admin' ? tokens.staff : tokens.none;
    const refused = await server.gql(query, variables, { token: lacking });
    expect(errorCode(refused)).toBe('FORBIDDEN');
    expect(refused.data?.[name] ?? null).toBeNull();
    // The administrator holds every right: the same call gets past the check (the sample ids may still be NOT_FOUND).
    const allowed = await server.gql(query, variables, { token: tokens.admin });
    expect(['FORBIDDEN', 'UNAUTHENTICATED']).not.toContain(errorCode(allowed));
  });
});
