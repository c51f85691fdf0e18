import { z } from 'zod'
import type { ShopifyAdminClient } from '../admin-api/shopify-admin-client.ts'

const QUERY = `query BulkOperationStatus($id: ID!) {
  node(id: $id) {
    ... on BulkOperation { id status errorCode objectCount rootObjectCount url partialDataUrl }
  }
}`

// Int64 counts travel as strings.
const count = z
  .union([z.string(), z.number()])
  .nullish()
  .transform((value) => Number(value ?? 0))

const BulkOperationSchema = z.object({
  id: z.string(),
  status: z.enum(['CREATED', 'RUNNING', 'COMPLETED', 'CANCELING', 'CANCELED', 'FAILED', 'EXPIRED']),
  errorCode: z.string().nullish(),
  objectCount: count,
  rootObjectCount: count,
  url: z.string().nullish(),
  partialDataUrl: z.string().nullish(),
})

export type BulkOperation = z.infer<typeof BulkOperationSchema>

/** The bulk operation as Shopify reports it now (the finish webhook carries no URL: always read it here). */
export async function readBulkOperation(
  client: ShopifyAdminClient,
  bulkOperationGid: string,
): Promise<BulkOperation | null> {
  const data = z
    .object({ node: BulkOperationSchema.nullable() })
    .parse(await client.graphql(QUERY, { id: bulkOperationGid }))
  return data.node
}

export const isBulkOperationRunning = (operation: BulkOperation) =>
  ['CREATED', 'RUNNING', 'CANCELING'].includes(operation.status)
