// The fake Admin API's HTTP server: GraphQL calls, the JSONL files of finished exports, and the test's controls.
import { sendJson, startLocalServer } from '../local-http-server.ts'
import { answerGraphql } from './answer-graphql.ts'
import { finishBulkOperation, finishWebhookPayload } from './bulk-export.ts'
import { createContext, type FakeShopifyAdminOptions } from './context.ts'
import { gid } from './nodes.ts'
import type { ThrottleCost } from './types.ts'

export async function startFakeShopifyAdmin(options: FakeShopifyAdminOptions = {}) {
  const context = createContext(options)
  const { state, requests, bulkOperations } = context

  const server = await startLocalServer((req, res, body) => {
    const url = new URL(req.url ?? '/', 'http://fake')
    const result = /^\/bulk-results\/(\d+)\.jsonl$/.exec(url.pathname)
    if (req.method === 'GET' && result) {
      const operation = bulkOperations.get(gid('BulkOperation', Number(result[1])))
      if (!operation?.jsonl) return sendJson(res, 404, { error: 'no such file' })
      res.writeHead(200, { 'Content-Type': 'application/jsonl' })
      return res.end(operation.jsonl)
    }
    if (req.method !== 'POST' || !/^\/admin\/api\/[\w-]+\/graphql\.json$/.test(url.pathname))
      return sendJson(res, 404, { errors: 'Not Found' })
    return answerGraphql(context, req, res, url, body)
  })
  context.baseUrl = server.url

  return {
    url: server.url,
    accessToken: context.accessToken,
    state,
    requests,
    bulkOperations,
    /** The next `count` GraphQL calls answer THROTTLED with these bucket figures. */
    throttleNext(
      count: number,
      figures: ThrottleCost = { requestedQueryCost: 250, currentlyAvailable: 50, restoreRate: 100 },
    ) {
      for (let index = 0; index < count; index++) state.throttles.push(figures)
    },
    /** Ends the latest (or the given) export as Shopify would; a completed one gets its JSONL from the store as it is now. */
    finishBulkOperation: (id?: string, outcome?: { status?: 'COMPLETED' | 'FAILED'; errorCode?: string }) =>
      finishBulkOperation(context, id, outcome),
    /** The body of the bulk_operations/finish webhook Shopify sends for an export. */
    finishWebhookPayload: (id: string) => finishWebhookPayload(context, id),
    operations: (name: string) => requests.filter((request) => request.operationName === name),
    close: () => server.close(),
  }
}

export type FakeShopifyAdmin = Awaited<ReturnType<typeof startFakeShopifyAdmin>>
