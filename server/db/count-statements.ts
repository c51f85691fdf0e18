import { AsyncLocalStorage } from 'node:async_hooks'
import type {
  SqlDriverAdapter,
  SqlMigrationAwareDriverAdapterFactory,
  SqlQueryable,
  Transaction,
} from '@prisma/driver-adapter-utils'

/** The SQL statements sent on behalf of one piece of work (a request, say), however deep its calls go. */
export interface StatementTally {
  count: number
}

const current = new AsyncLocalStorage<StatementTally>()

/** Runs `work` so that every statement it causes, awaited or not, is counted in `tally`. */
export function countStatementsOf<T>(tally: StatementTally, work: () => T): T {
  return current.run(tally, work)
}

// What is nobody's request (a signal heard, a background batch) is counted here, apart from every request.
const apart: StatementTally = { count: 0 }

/**
 * Runs `work` as nobody's: what it causes, awaited or not, is counted in no request's tally, whichever
 * request happened to be running when it began (a connection opened during one, say, hears for them all).
 */
export function countApart<T>(work: () => T): T {
  return current.run(apart, work)
}

/** Counts one statement for the work running now (nothing when no work is being counted). */
export function countStatement() {
  const tally = current.getStore()
  if (tally) tally.count += 1
}

function countQueries<Q extends SqlQueryable>(queryable: Q): Q {
  const queryRaw = queryable.queryRaw.bind(queryable)
  const executeRaw = queryable.executeRaw.bind(queryable)
  queryable.queryRaw = (query) => (countStatement(), queryRaw(query))
  queryable.executeRaw = (query) => (countStatement(), executeRaw(query))
  return queryable
}

// BEGIN, then COMMIT or ROLLBACK, are statements the database runs too.
function countTransaction(transaction: Transaction): Transaction {
  const commit = transaction.commit.bind(transaction)
  const rollback = transaction.rollback.bind(transaction)
  transaction.commit = () => (countStatement(), commit())
  transaction.rollback = () => (countStatement(), rollback())
  return countQueries(transaction)
}

function countAdapter(adapter: SqlDriverAdapter): SqlDriverAdapter {
  const startTransaction = adapter.startTransaction.bind(adapter)
  adapter.startTransaction = async (isolationLevel) => {
    countStatement()
    return countTransaction(await startTransaction(isolationLevel))
  }
  return countQueries(adapter)
}

/** The factory, with every statement its connections send counted for the work that sent it. */
export function countingStatements(
  factory: SqlMigrationAwareDriverAdapterFactory,
): SqlMigrationAwareDriverAdapterFactory {
  return {
    provider: factory.provider,
    adapterName: factory.adapterName,
    connect: async () => countAdapter(await factory.connect()),
    connectToShadowDb: async () => factory.connectToShadowDb(),
  }
}
