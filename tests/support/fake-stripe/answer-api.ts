// One API call answered as Stripe does: the secret key, idempotency keys and their replays, the route, `expand`.
import type { IncomingMessage, ServerResponse } from 'node:http'
import Stripe from 'stripe'
import { errorAnswer, StripeApiError } from './errors.ts'
import { expandPaths } from './expand.ts'
import { listOf, textOf } from './form-params.ts'
import { newId } from './ids.ts'
import { routes } from './routes.ts'
import { findObject, type FakeStripeState } from './state.ts'
import type { FormParams, RequestOrigin } from './wire.ts'

export function answerApi(
  state: FakeStripeState,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  params: FormParams,
): { status: number; body: unknown } {
  const requestId = newId('req')
  res.setHeader('Request-Id', requestId)
  res.setHeader('Stripe-Version', String(req.headers['stripe-version'] ?? Stripe.API_VERSION))
  const authorization = String(req.headers.authorization ?? '')
  if (authorization !== `Bearer ${state.secretKey}`) {
    const key = authorization.replace(/^Bearer\s+/, '')
    const message = key
      ? `Invalid API Key provided: ${key.slice(0, 8)}${'*'.repeat(Math.max(0, key.length - 12))}${key.slice(-4)}`
      : "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY')."
    return { status: 401, body: { error: { type: 'invalid_request_error', message } } }
  }
  const method = req.method ?? 'GET'
  const idempotencyKey =
    method === 'POST' ? (textOf(req.headers['idempotency-key'] as string | undefined) ?? null) : null
  const fingerprint = JSON.stringify([method, url.pathname, params])
  if (idempotencyKey) {
    res.setHeader('Idempotency-Key', idempotencyKey)
    const replay = state.idempotentAnswers.get(idempotencyKey)
    if (replay && replay.request !== fingerprint) {
      return {
        status: 400,
        body: {
          error: {
            type: 'idempotency_error',
            message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
          },
        },
      }
    }
    if (replay) {
      res.setHeader('Idempotent-Replayed', 'true')
      return replay
    }
  }
  const answer = route(state, method, url.pathname, params, { id: requestId, idempotencyKey })
  if (idempotencyKey && answer.status < 500)
    state.idempotentAnswers.set(idempotencyKey, { request: fingerprint, ...answer })
  return answer
}

function route(state: FakeStripeState, method: string, path: string, params: FormParams, request: RequestOrigin) {
  for (const [routeMethod, pattern, handler] of routes) {
    const match = pattern.exec(path)
    if (routeMethod !== method || !match) continue
    try {
      const object = handler(state, params, decodeURIComponent(match[1] ?? ''), request)
      const expanded = listOf(params.expand).reduce<unknown>(
        (value, expandPath) => expandPaths(value, String(expandPath).split('.'), (id) => findObject(state, id)),
        object,
      )
      return { status: 200, body: structuredClone(expanded) }
    } catch (error) {
      if (!(error instanceof StripeApiError)) throw error
      return errorAnswer(error, request.id)
    }
  }
  return {
    status: 404,
    body: {
      error: {
        type: 'invalid_request_error',
        message: `Unrecognized request URL (${method}: ${path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
      },
    },
  }
}
