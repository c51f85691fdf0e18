// One product or collection read fresh when a webhook says it changed: the payload may be stale when
// deliveries arrive out of order, the current state never is.
import { z } from 'zod'
import type { ShopifyAdminClient } from '../admin-api/shopify-admin-client.ts'
import { StoreCollectionSchema } from '../knowledge/content-resources.ts'
import { StoreProductFieldsSchema, StoreVariantSchema, type StoreProduct } from '../knowledge/product-resource.ts'

const PRODUCT_QUERY = `query ProductForSync($id: ID!) {
  product(id: $id) {
    id title handle descriptionHtml onlineStoreUrl productType vendor tags status
    priceRangeV2 { minVariantPrice { amount currencyCode } maxVariantPrice { amount currencyCode } }
    featuredMedia { preview { image { url } } }
    options { name optionValues { name } }
    variants(first: 100) { nodes { id title price sku compareAtPrice availableForSale selectedOptions { name value } } }
  }
}`

const COLLECTION_QUERY = `query CollectionForSync($id: ID!) {
  collection(id: $id) { id title handle descriptionHtml }
}`

const ProductDataSchema = z.object({
  product: StoreProductFieldsSchema.extend({ variants: z.object({ nodes: z.array(StoreVariantSchema) }) }).nullable(),
})

/** The product as the store has it now, or null when it is gone. */
export async function fetchStoreProduct(client: ShopifyAdminClient, gid: string): Promise<StoreProduct | null> {
  const { product } = ProductDataSchema.parse(await client.graphql(PRODUCT_QUERY, { id: gid }))
  return product ? { ...product, variants: product.variants.nodes } : null
}

export async function fetchStoreCollection(client: ShopifyAdminClient, gid: string) {
  return z
    .object({ collection: StoreCollectionSchema.nullable() })
    .parse(await client.graphql(COLLECTION_QUERY, { id: gid })).collection
}
