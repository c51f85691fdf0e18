import { randomUUID } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { pinoHttp } from 'pino-http'
import type { RequestHandler } from 'express'
import { countStatementsOf, type StatementTally } from '../db/count-statements.ts'
import { serializeError, type Logger } from '../logging/create-logger.ts'

const CLIENT_REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/

// A caller's X-Request-Id is kept when it looks like one (so a trace crosses services); otherwise a new UUID.
function assignRequestId(req: IncomingMessage, res: ServerResponse) {
  const given = req.headers['x-request-id']
  const id = typeof given === 'string' && CLIENT_REQUEST_ID.test(given) ? given : randomUUID()
  res.setHeader('X-Request-Id', id)
  return id
}

const tallies = new WeakMap<IncomingMessage, StatementTally>()

/**
 * Counts the SQL statements each request causes, its streamed answer included; the request's log line
 * carries the count (`sql_statements`), so a path that starts to cost more shows in the logs.
 */
export function countRequestStatements(): RequestHandler {
  return (req, _res, next) => {
    const tally = { count: 0 }
    tallies.set(req, tally)
    countStatementsOf(tally, next)
  }
}

const withStatements = (req: IncomingMessage, value: object) => ({
  ...value,
  sql_statements: tallies.get(req)?.count,
})

/** Gives every request an id (req.id, X-Request-Id) and a child logger (req.log), and logs its outcome. */
export function logRequests(logger: Logger) {
  return pinoHttp({
    logger,
    genReqId: assignRequestId,
    customLogLevel: (_req, res, error) =>
      error || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info',
    autoLogging: { ignore: (req) => req.url === '/api/dashboard/api/health/' },
    customSuccessObject: (req, _res, value: object) => withStatements(req, value),
    customErrorObject: (req, _res, _error, value: object) => withStatements(req, value),
    serializers: {
      req: (req: { id: unknown; method: string; url: string }) => ({
        id: req.id,
        method: req.method,
        url: req.url.split('?')[0],
      }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      err: serializeError, // pino-http would otherwise replace the logger's own, which scrubs credentials
    },
  })
}
