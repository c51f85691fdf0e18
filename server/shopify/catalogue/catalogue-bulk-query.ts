// The catalogue export Shopify runs as a bulk operation, and the lines of its JSONL result.
import { z } from 'zod'
import { StoreProductFieldsSchema, StoreVariantSchema } from '../knowledge/product-resource.ts'

/** Active products only: drafts and archived products must not reach a shopper's answers. */
export const CATALOGUE_BULK_QUERY = `{
  products(query: "status:active") {
    edges {
      node {
        id title handle descriptionHtml onlineStoreUrl productType vendor tags status
        priceRangeV2 { minVariantPrice { amount currencyCode } maxVariantPrice { amount currencyCode } }
        featuredMedia { preview { image { url } } }
        options { name optionValues { name } }
        variants { edges { node { id title price sku compareAtPrice availableForSale selectedOptions { name value } } } }
      }
    }
  }
}`

export const START_CATALOGUE_EXPORT = `mutation StartCatalogueExport($query: String!) {
  bulkOperationRunQuery(query: $query) {
    bulkOperation { id status }
    userErrors { field message code }
  }
}`

export const StartCatalogueExportSchema = z.object({
  bulkOperationRunQuery: z.object({
    bulkOperation: z
      .object({ id: z.string().startsWith('gid://shopify/BulkOperation/'), status: z.string() })
      .nullable(),
    userErrors: z.array(z.object({ message: z.string(), code: z.string().nullish() })),
  }),
})

/** A product line of the JSONL (no parent) and a variant line (its product's id in __parentId). */
export const ProductLineSchema = StoreProductFieldsSchema
export const VariantLineSchema = StoreVariantSchema.extend({ __parentId: z.string() })
