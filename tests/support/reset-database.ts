// Puts a lent test database back to the template's state: the schema checked unchanged, every row a
// test wrote deleted, the rows the migrations seeded (plans, their prices) as they were; then proves it.

/** Runs one statement with parameters: PGlite's query, or a pg client's. */
export type RunStatement = (sql: string, params?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>

/** What a freshly migrated database holds, read once from the first one made from the template. */
export interface TemplateState {
  schemaFingerprint: string
  /** Every table of the app but the migrations' ledger. */
  tables: string[]
  /** The rows the migrations seeded, per table, as JSON (ordered, so two equal states read equal). */
  seededRows: Map<string, string>
}

const MIGRATIONS_TABLE = '_prisma_migrations'

// Columns, defaults, constraints, indexes, triggers, functions and enum labels: a test that adds a trigger and leaves it
// (or drops a column) changes this, and its database is then not lent again.
const SCHEMA_FINGERPRINT = `
  select md5(string_agg(line, E'\\n' order by line)) as fingerprint from (
    select 'column ' || table_name || '.' || column_name || ' ' || data_type || ' ' || is_nullable || ' '
      || coalesce(column_default, '') as line from information_schema.columns where table_schema = 'public'
    union all select 'constraint ' || conrelid::regclass::text || ' ' || conname || ' ' || pg_get_constraintdef(oid)
      from pg_constraint where connamespace = 'public'::regnamespace
    union all select 'index ' || indexdef from pg_indexes where schemaname = 'public'
    union all select 'trigger ' || tgrelid::regclass::text || ' ' || tgname || ' ' || tgenabled::text
      from pg_trigger where not tgisinternal
    union all select 'function ' || p.oid::regprocedure::text || ' ' || md5(p.prosrc)
      from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname = 'public'
    union all select 'enum ' || enumtypid::regtype::text || ' ' || enumlabel || ' ' || enumsortorder::text from pg_enum
  ) as schema_lines`

const rowsAsJson = (table: string) =>
  `select coalesce(json_agg(row order by row::text), '[]')::text as rows from "${table}" as row`

async function readSchemaFingerprint(run: RunStatement): Promise<string> {
  const { rows } = await run(SCHEMA_FINGERPRINT)
  return String(rows[0]?.fingerprint)
}

export async function readTemplateState(run: RunStatement): Promise<TemplateState> {
  const { rows } = await run(
    `select tablename from pg_tables where schemaname = 'public' and tablename <> $1 order by tablename`,
    [MIGRATIONS_TABLE],
  )
  const tables = rows.map((row) => String(row.tablename))
  const seededRows = new Map<string, string>()
  for (const table of tables) {
    const json = String((await run(rowsAsJson(table))).rows[0]?.rows)
    if (json !== '[]') seededRows.set(table, json)
  }
  return { schemaFingerprint: await readSchemaFingerprint(run), tables, seededRows }
}

/** The tables whose rows differ from the template's. */
async function tablesNotAsMade(run: RunStatement, state: TemplateState): Promise<string[]> {
  const checks = state.tables.map((table) =>
    state.seededRows.has(table)
      ? `select '${table}' as name where (${rowsAsJson(table)}) is distinct from $${[...state.seededRows.keys()].indexOf(table) + 1}`
      : `select '${table}' as name where exists (select 1 from "${table}")`,
  )
  const { rows } = await run(checks.join(' union all '), [...state.seededRows.values()])
  return rows.map((row) => String(row.name))
}

/**
 * Empties every table in one transaction without firing their row triggers (no change signals) and
 * whatever the foreign keys' order: as a superuser (PGlite, a local PostgreSQL), by deleting with
 * session_replication_role = replica (the faster way on these nearly empty tables); as an ordinary owner
 * (CI's own role, which may not set that parameter), by one TRUNCATE of them all.
 */
async function emptyTables(run: RunStatement, tables: string[]) {
  const { rows } = await run(`select current_setting('is_superuser') = 'on' as superuser`)
  if (rows[0]?.superuser === true) {
    await run('set local session_replication_role = replica')
    for (const table of tables) await run(`delete from "${table}"`)
  } else if (tables.length > 0) {
    await run(`truncate ${tables.map((table) => `"${table}"`).join(', ')} cascade`)
  }
}

/** The tables ordered so that a table comes after those its foreign keys point at (foreign keys stay on). */
async function parentsFirst(run: RunStatement, tables: string[]): Promise<string[]> {
  const { rows } = await run(
    `select child.relname as child, parent.relname as parent from pg_constraint c
       join pg_class child on child.oid = c.conrelid join pg_class parent on parent.oid = c.confrelid
      where c.contype = 'f' and child.relname <> parent.relname`,
  )
  const ordered: string[] = []
  const visit = (table: string, path: string[]) => {
    if (ordered.includes(table) || path.includes(table)) return
    for (const row of rows)
      if (row.child === table && tables.includes(String(row.parent))) visit(String(row.parent), [...path, table])
    ordered.push(table)
  }
  for (const table of tables) visit(table, [])
  return ordered
}

/**
 * Deletes what the last borrower wrote and restores the seeded rows, in one transaction, no trigger fired
 * (emptyTables). Returns false when the schema differs from the template's (the database must not be lent
 * again); throws when rows survive the reset, so a file can never see another's.
 */
export async function resetDatabase(run: RunStatement, state: TemplateState): Promise<boolean> {
  if ((await readSchemaFingerprint(run)) !== state.schemaFingerprint) return false
  await run('begin')
  try {
    await emptyTables(run, state.tables)
    for (const table of await parentsFirst(run, [...state.seededRows.keys()]))
      await run(`insert into "${table}" select * from json_populate_recordset(null::"${table}", $1::json)`, [
        state.seededRows.get(table),
      ])
    await run('commit')
  } catch (error) {
    await run('rollback')
    throw error
  }
  const left = await tablesNotAsMade(run, state)
  if (left.length > 0) throw new Error(`Resetting a test database left rows another file wrote in: ${left.join(', ')}`)
  return true
}
