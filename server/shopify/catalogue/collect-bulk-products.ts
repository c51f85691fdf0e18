import { ProductLineSchema, VariantLineSchema } from './catalogue-bulk-query.ts'
import type { StoreProduct, StoreVariant } from '../knowledge/product-resource.ts'

/**
 * Puts the JSONL's lines back together: products by id, variants under the product their __parentId
 * names. Children follow their parent but not necessarily right after it, so nothing relies on order.
 */
export async function collectBulkProducts(lines: AsyncIterable<unknown>): Promise<StoreProduct[]> {
  const products = new Map<string, StoreProduct>()
  const variantsByParent = new Map<string, StoreVariant[]>()
  for await (const line of lines) {
    const parentId = (line as { __parentId?: unknown }).__parentId
    if (typeof parentId === 'string') {
      const { __parentId, ...variant } = VariantLineSchema.parse(line)
      variantsByParent.set(__parentId, [...(variantsByParent.get(__parentId) ?? []), variant])
    } else {
      const product = ProductLineSchema.parse(line)
      products.set(product.id, { ...product, variants: [] })
    }
  }
  for (const [parentId, variants] of variantsByParent) {
    const product = products.get(parentId)
    if (product) product.variants = variants
  }
  return [...products.values()]
}
