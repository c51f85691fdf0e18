// @database-specific: a unique-constraint race and the database's error codes
import express from 'express'
import supertest from 'supertest'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { AppError, ERROR_STATUS, type ErrorCode } from '../../server/errors/app-error.ts'
import { handleErrors } from '../../server/http/handle-errors.ts'
import { logRequests } from '../../server/http/log-requests.ts'
import { createLogger } from '../../server/logging/create-logger.ts'
import { createTestApp, type TestApp } from '../support/create-test-app.ts'

// The error handler behind the same request-id and logging middleware as the app, with routes that fail on purpose.
function appFailingWith(fail: () => never) {
  const app = express()
  app.use(logRequests(createLogger({ LOG_LEVEL: 'silent' })))
  app.get('/fail', () => fail())
  app.use(handleErrors)
  return supertest(app)
}

describe('the error envelope', () => {
  it.each(Object.entries(ERROR_STATUS) as [ErrorCode, number][])(
    'AppError %s answers %i with the detail the user reads',
    async (code, status) => {
      const response = await appFailingWith(() => {
        throw new AppError(code, `Failure ${code}`)
      }).get('/fail')
      expect(response.status).toBe(status)
      expect(response.body).toEqual({
        error: code,
        message: `Failure ${code}`,
        detail: `Failure ${code}`,
        request_id: response.headers['x-request-id'],
      })
    },
  )

  it('AppError extras reach the client beside the message', async () => {
    const response = await appFailingWith(() => {
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'File type not supported.', { allowed_formats: ['pdf', 'txt'] })
    }).get('/fail')
    expect(response.body).toMatchObject({ error: 'UNSUPPORTED_MEDIA_TYPE', allowed_formats: ['pdf', 'txt'] })
  })

  it('a ZodError answers 400 with the first message and every field error', async () => {
    const schema = z.object({
      team_name: z.string().min(2, 'Team name must be at least 2 characters long'),
      email: z.email('Please provide a valid email address'),
    })
    const response = await appFailingWith(() => {
      schema.parse({ team_name: 'a', email: 'nope' })
      throw new Error('unreachable')
    }).get('/fail')
    expect(response.status).toBe(400)
    expect(response.body).toMatchObject({
      error: 'VALIDATION_ERROR',
      message: 'Team name must be at least 2 characters long',
      fields: {
        team_name: ['Team name must be at least 2 characters long'],
        email: ['Please provide a valid email address'],
      },
    })
  })
})

describe('the error envelope through the app', () => {
  let testApp: TestApp
  beforeAll(async () => {
    testApp = await createTestApp({ JSON_BODY_LIMIT: '1kb' })
  })
  afterAll(() => testApp.cleanup())

  it('an unknown /api path answers a JSON 404, never the dashboard', async () => {
    const response = await testApp.request.get('/api/no/such/path/?x=1')
    expect(response.status).toBe(404)
    expect(response.type).toBe('application/json')
    expect(response.body).toMatchObject({ error: 'NOT_FOUND', message: 'No endpoint answers GET /api/no/such/path/.' })
  })

  it('the reserved /widget and /shopify prefixes answer 404 rather than the dashboard', async () => {
    for (const path of ['/widget/v1/nothing.js', '/shopify/nothing']) {
      const response = await testApp.request.get(path)
      expect(response.status).toBe(404)
      expect(response.body.error).toBe('NOT_FOUND')
    }
  })

  it('a POST to a dashboard page answers the JSON 404, not an HTML error page', async () => {
    const response = await testApp.request.post('/app/dashboard').send({})
    expect(response.status).toBe(404)
    expect(response.body.error).toBe('NOT_FOUND')
  })

  it('malformed JSON answers 400', async () => {
    const response = await testApp.request
      .post('/api/accounts/login/')
      .set('Content-Type', 'application/json')
      .send('{"email": ')
    expect(response.status).toBe(400)
    expect(response.body).toMatchObject({ error: 'BAD_REQUEST', message: 'The request body is not valid JSON.' })
  })

  it('JSON nested deeper than 32 levels answers 400 with its own message, and 32 levels are taken', async () => {
    const tooDeep = await testApp.request
      .post('/api/accounts/login/')
      .set('Content-Type', 'application/json')
      .send(`${'['.repeat(200)}${']'.repeat(200)}`)
    expect(tooDeep.status).toBe(400)
    expect(tooDeep.body).toMatchObject({
      error: 'BAD_REQUEST',
      message: 'The request nests more than 32 levels deep, which no field accepts.',
    })
    const deepest = await testApp.request
      .post('/api/accounts/login/')
      .set('Content-Type', 'application/json')
      .send(`${'['.repeat(32)}${']'.repeat(32)}`)
    expect(deepest.body.message).toBe('Email and password are required')
  })

  it('a body over the JSON limit answers 413', async () => {
    const response = await testApp.request.post('/api/accounts/login/').send({ padding: 'x'.repeat(2_000) })
    expect(response.status).toBe(413)
    expect(response.body).toMatchObject({
      error: 'PAYLOAD_TOO_LARGE',
      message: 'The request body is too large (limit 1024 bytes).',
    })
  })

  it('an unsupported body encoding answers 415', async () => {
    const response = await testApp.request
      .post('/api/accounts/login/')
      .set('Content-Type', 'application/json')
      .set('Content-Encoding', 'zstd-unknown')
      .send('{}')
    expect(response.status).toBe(415)
    expect(response.body.error).toBe('UNSUPPORTED_MEDIA_TYPE')
  })

  it('every response carries a request id, and a well-formed caller id is kept', async () => {
    const response = await testApp.request.get('/api/nothing/').set('X-Request-Id', 'trace-12345678')
    expect(response.headers['x-request-id']).toBe('trace-12345678')
    expect(response.body.request_id).toBe('trace-12345678')
    const forged = await testApp.request.get('/api/nothing/').set('X-Request-Id', 'bad id with spaces')
    expect(forged.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/)
  })
})

describe('an unexpected failure', () => {
  it('answers 500 with a generic message and the request id; the detail goes only to the log', async () => {
    const lines: string[] = []
    const app = express()
    app.use(logRequests(createLogger({ LOG_LEVEL: 'info' }, { write: (line: string) => void lines.push(line) })))
    app.get('/fail', () => {
      throw new Error('connection string postgres://user:hunter2@db is broken')
    })
    app.use(handleErrors)
    const response = await supertest(app).get('/fail')
    const requestId = response.headers['x-request-id']
    expect(response.status).toBe(500)
    expect(response.body).toEqual({
      error: 'INTERNAL',
      message: `Something went wrong on our side. Please try again; if it keeps happening, quote request id ${requestId}.`,
      detail: `Something went wrong on our side. Please try again; if it keeps happening, quote request id ${requestId}.`,
      request_id: requestId,
    })
    expect(JSON.stringify(response.body)).not.toContain('hunter2')
    const logged = lines.map(
      (line) => JSON.parse(line) as { msg: string; req?: { id: string }; err?: { message: string } },
    )
    expect(logged.find((line) => line.msg === 'unexpected error')?.err?.message).toBe(
      'connection string postgres://user:[redacted]@db is broken',
    )
    expect(lines.join('')).not.toContain('hunter2')
  })

  it('a unique-constraint race answers 409 and a vanished row 404, not 500', async () => {
    const { Prisma } = await import('../../server/db/generated/prisma/client.ts')
    for (const [code, status, error] of [
      ['P2002', 409, 'CONFLICT'],
      ['P2025', 404, 'NOT_FOUND'],
    ] as const) {
      const response = await appFailingWith(() => {
        throw new Prisma.PrismaClientKnownRequestError('constraint', { code, clientVersion: 'test' })
      }).get('/fail')
      expect(response.status).toBe(status)
      expect(response.body.error).toBe(error)
    }
  })

  it('an async rejection is caught the same way (Express 5 forwards it)', async () => {
    const app = express()
    app.use(logRequests(createLogger({ LOG_LEVEL: 'silent' })))
    app.get('/fail', async () => {
      await Promise.resolve()
      throw new TypeError('undefined is not a function')
    })
    app.use(handleErrors)
    const response = await supertest(app).get('/fail')
    expect(response.status).toBe(500)
    expect(response.body.error).toBe('INTERNAL')
  })
})
