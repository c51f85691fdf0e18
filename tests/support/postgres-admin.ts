import pg from 'pg'

function requireTestDatabaseUrl(): string {
  const url = process.env.TEST_DATABASE_URL
  if (!url) throw new Error('TEST_DATABASE_URL is not set: the postgres test project needs a PostgreSQL server.')
  return url
}

/** The URL of another database on the server of TEST_DATABASE_URL. */
export function databaseUrl(name: string): string {
  const url = new URL(requireTestDatabaseUrl())
  url.pathname = `/${name}`
  return url.toString()
}

/** Runs statements (CREATE/DROP DATABASE) on the TEST_DATABASE_URL connection. */
export async function runAsAdmin(...statements: string[]) {
  const client = new pg.Client({ connectionString: requireTestDatabaseUrl() })
  await client.connect()
  try {
    for (const statement of statements) await client.query(statement)
  } finally {
    await client.end()
  }
}

export function uniqueDatabaseName(prefix: string) {
  return `${prefix}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`
}
