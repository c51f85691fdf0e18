import { z } from 'zod'
import type { ShopifyAdminClient } from '../admin-api/shopify-admin-client.ts'

const PAGE_SIZE = 50

const PageInfoSchema = z.object({ hasNextPage: z.boolean(), endCursor: z.string().nullish() })

export interface PaginateConnectionOptions {
  client: ShopifyAdminClient
  query: string
  connectionOf: (data: unknown) => unknown
  signal?: AbortSignal
}

/**
 * Every node of a cursor-paginated connection, page by page. The query takes $first and $cursor;
 * `connectionOf` finds the connection ({ nodes, pageInfo }) in the answer's data.
 */
export async function* paginateConnection({
  client,
  query,
  connectionOf,
  signal,
}: PaginateConnectionOptions): AsyncGenerator<unknown> {
  let cursor: string | null = null
  for (;;) {
    signal?.throwIfAborted()
    const data: unknown = await client.graphql(query, { first: PAGE_SIZE, cursor })
    const page = z.object({ nodes: z.array(z.unknown()), pageInfo: PageInfoSchema }).parse(connectionOf(data))
    yield* page.nodes
    if (!page.pageInfo.hasNextPage || !page.pageInfo.endCursor) return
    cursor = page.pageInfo.endCursor
  }
}
