import { z } from 'zod'

/** What domain code needs of Shopify's Admin GraphQL API: one query or mutation, its `data` back. */
export interface ShopifyAdminClient {
  graphql<T>(query: string, variables?: object): Promise<T>
}

/** The Admin API version this code's queries are written for (the same as shopify.app.toml's webhooks). */
export const SHOPIFY_ADMIN_API_VERSION = '2026-10'

/** Shopify refused or failed a call: an HTTP status, or GraphQL errors (their codes, e.g. ACCESS_DENIED). */
export class ShopifyAdminError extends Error {
  readonly status: number | undefined
  readonly codes: string[]

  constructor(message: string, options: { status?: number; codes?: string[] } = {}) {
    super(message)
    this.name = 'ShopifyAdminError'
    this.status = options.status
    this.codes = options.codes ?? []
  }
}

const ThrottleStatusSchema = z.object({
  maximumAvailable: z.number(),
  currentlyAvailable: z.number(),
  restoreRate: z.number(),
})

/** The body of an Admin GraphQL response, as far as this code reads it (errors come with HTTP 200). */
export const GraphqlResponseSchema = z.object({
  data: z.unknown().optional(),
  errors: z
    .array(
      z.looseObject({ message: z.string(), extensions: z.looseObject({ code: z.string().optional() }).optional() }),
    )
    .optional(),
  extensions: z
    .looseObject({
      cost: z
        .looseObject({ requestedQueryCost: z.number().optional(), throttleStatus: ThrottleStatusSchema.optional() })
        .optional(),
    })
    .optional(),
})

export type GraphqlResponse = z.infer<typeof GraphqlResponseSchema>
