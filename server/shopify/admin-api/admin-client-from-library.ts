import { z } from 'zod'
import type { ThrottleRetryOptions } from './send-with-throttle-retry.ts'
import { sendWithThrottleRetry } from './send-with-throttle-retry.ts'
import { GraphqlResponseSchema, type GraphqlResponse, type ShopifyAdminClient } from './shopify-admin-client.ts'

/** The `admin` of @shopify/shopify-app-react-router (authenticate.admin, unauthenticated.admin, webhooks). */
export interface LibraryAdmin {
  graphql(query: string, options?: { variables?: Record<string, unknown> }): Promise<Response>
}

// The library throws GraphqlQueryError for GraphQL errors that come with HTTP 200 (THROTTLED among
// them), its body holding { errors: { graphQLErrors }, extensions }. Read by shape, not by class, so
// this file does not load the library.
const LibraryErrorSchema = z.object({
  body: z.looseObject({
    data: z.unknown().optional(),
    errors: z.looseObject({ graphQLErrors: z.array(z.unknown()) }),
    extensions: z.unknown().optional(),
  }),
})

async function sendThroughLibrary(
  admin: LibraryAdmin,
  query: string,
  variables: object | undefined,
): Promise<GraphqlResponse> {
  try {
    const response = await admin.graphql(
      query,
      variables ? { variables: variables as Record<string, unknown> } : undefined,
    )
    return GraphqlResponseSchema.parse(await response.json())
  } catch (error) {
    const parsed = LibraryErrorSchema.safeParse(error)
    if (!parsed.success) throw error
    const { data, errors, extensions } = parsed.data.body
    return GraphqlResponseSchema.parse({ data, errors: errors.graphQLErrors, extensions })
  }
}

/** The same client over the library's `admin.graphql`, so routes and jobs share one domain code path. */
export function adminClientFromLibrary(admin: LibraryAdmin, options: ThrottleRetryOptions = {}): ShopifyAdminClient {
  return {
    graphql: <T>(query: string, variables?: object) =>
      sendWithThrottleRetry<T>(() => sendThroughLibrary(admin, query, variables), options),
  }
}
