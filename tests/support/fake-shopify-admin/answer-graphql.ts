// One Admin GraphQL call answered as Shopify does: the access token, THROTTLED answers, the named operation.
// Operations are told apart by their names, as the app's queries all carry one.
import type { IncomingMessage, ServerResponse } from 'node:http'
import { sendJson } from '../local-http-server.ts'
import { bulkOperationQueries } from './bulk-operations.ts'
import type { FakeShopifyAdminContext } from './context.ts'
import { storeOperations } from './store-operations.ts'
import type { ThrottleCost } from './types.ts'

const operations = { ...storeOperations, ...bulkOperationQueries }

const cost = {
  requestedQueryCost: 12,
  actualQueryCost: 6,
  throttleStatus: { maximumAvailable: 2000, currentlyAvailable: 1994, restoreRate: 100 },
}

export function answerGraphql(
  context: FakeShopifyAdminContext,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  body: Buffer,
) {
  if (req.headers['x-shopify-access-token'] !== context.accessToken)
    return sendJson(res, 401, {
      errors: '[API] Invalid API key or access token (unrecognized login or wrong password)',
    })
  const { query = '', variables = {} } = JSON.parse(body.toString() || '{}') as {
    query?: string
    variables?: Record<string, unknown>
  }
  const operationName = /^\s*(?:query|mutation)\s+(\w+)/.exec(query)?.[1] ?? 'anonymous'
  const throttle = context.state.throttles.shift()
  context.requests.push({ operationName, variables, throttled: Boolean(throttle), path: url.pathname })
  if (throttle) return sendJson(res, 200, throttledAnswer(throttle))
  const operation = Object.hasOwn(operations, operationName) ? operations[operationName] : undefined
  if (!operation)
    return sendJson(res, 200, {
      errors: [{ message: `Field '${operationName}' doesn't exist (fake)`, extensions: { code: 'undefinedField' } }],
      query,
    })
  return sendJson(res, 200, { data: operation(context, variables), extensions: { cost } })
}

function throttledAnswer(throttle: ThrottleCost) {
  return {
    errors: [
      {
        message: 'Throttled',
        extensions: { code: 'THROTTLED', documentation: 'https://shopify.dev/api/usage/rate-limits' },
      },
    ],
    extensions: {
      cost: {
        requestedQueryCost: throttle.requestedQueryCost,
        actualQueryCost: null,
        throttleStatus: {
          maximumAvailable: 2000,
          currentlyAvailable: throttle.currentlyAvailable,
          restoreRate: throttle.restoreRate,
        },
      },
    },
  }
}
