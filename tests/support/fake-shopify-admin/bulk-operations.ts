// The catalogue export as a bulk operation: started by a mutation, polled by node(id), finished by the test.
import type { FakeShopifyAdminContext } from './context.ts'
import { gid } from './nodes.ts'

type Operation = (context: FakeShopifyAdminContext, variables: Record<string, unknown>) => unknown

export const bulkOperationQueries: Record<string, Operation> = {
  StartCatalogueExport: (context, variables) => {
    const { bulkUserErrors } = context.state
    if (bulkUserErrors.length > 0) return { bulkOperationRunQuery: { bulkOperation: null, userErrors: bulkUserErrors } }
    const id = gid('BulkOperation', context.nextBulkId++)
    context.bulkOperations.set(id, {
      id,
      query: String(variables.query ?? ''),
      status: 'RUNNING',
      errorCode: null,
      jsonl: null,
      objectCount: 0,
      rootObjectCount: 0,
    })
    return { bulkOperationRunQuery: { bulkOperation: { id, status: 'CREATED' }, userErrors: [] } }
  },
  BulkOperationStatus: ({ bulkOperations, baseUrl }, variables) => {
    const operation = bulkOperations.get(String(variables.id))
    if (!operation) return { node: null }
    const number = operation.id.split('/').pop()
    return {
      node: {
        id: operation.id,
        status: operation.status,
        errorCode: operation.errorCode,
        // UnsignedInt64 travels as a string.
        objectCount: String(operation.objectCount),
        rootObjectCount: String(operation.rootObjectCount),
        url:
          operation.status === 'COMPLETED' && operation.rootObjectCount > 0
            ? `${baseUrl}/bulk-results/${number}.jsonl`
            : null,
        partialDataUrl: null,
      },
    }
  },
}
