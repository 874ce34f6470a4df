import pg from 'pg';

/**
 * `count` more people in the demo organization, each a copy of the demo's viewer (same password,
 * same membership and profile), so that the load phase signs in that many distinct users.
 * Written straight into the database: the invitation flow is not what is measured.
 */
export async function addViewerCopies(databaseUrl: string, count: number): Promise<string[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const columns = async (table: string) =>
      (await client.query<{ column_name: string }>(`SELECT column_name FROM information_schema.columns WHERE table_schema = 'public' AND table_name = $1 AND column_default IS DISTINCT FROM 'nextval(''users_id_seq''::regclass)'`, [table])).rows.map((r) => `"${r.column_name}"`);
    const userColumns = (await columns('users')).filter((c) => c !== '"id"' && c !== '"email"');
    const memberColumns = (await columns('user_organizations')).filter((c) => c !== '"user_id"');
    const emails = Array.from({ length: count }, (_, i) => `load${i + 1}@sitelens.example`);
    await client.query('BEGIN');
    await client.query(`DELETE FROM users WHERE email = ANY($1)`, [emails]);
    await client.query(
      `WITH added AS (
         INSERT INTO users ("email", ${userColumns.join(', ')})
         SELECT e, ${userColumns.map((c) => `v.${c}`).join(', ')} FROM users v, unnest($1::text[]) e WHERE v.email = 'viewer@sitelens.example'
         RETURNING id)
       INSERT INTO user_organizations ("user_id", ${memberColumns.join(', ')})
       SELECT added.id, ${memberColumns.map((c) => `m.${c}`).join(', ')} FROM added, user_organizations m JOIN users v ON v.id = m.user_id WHERE v.email = 'viewer@sitelens.example'`,
      [emails],
    );
    await client.query('COMMIT');
    return emails;
  } finally {
    await client.end();
  }
}

export async function signIn(base: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${base}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: 'query($e:String!,$p:String!){ login(email:$e,password:$p) }', variables: { e: email, p: password } }),
  });
  const body = (await res.json()) as { data?: { login: string }; errors?: unknown };
  if (!body.data?.login) throw new Error(`sign-in of ${email} failed: ${JSON.stringify(body.errors)}`);
  return body.data.login;
}
