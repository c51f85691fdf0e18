import type { Database } from '../../db/database.ts'
import type { ShopifyShop } from '../../db/generated/prisma/client.ts'
import type { StoreProduct } from '../knowledge/product-resource.ts'
import { storeProductRow } from './store-product-row.ts'

export interface SaveStoreProductOptions {
  shop: Pick<ShopifyShop, 'id' | 'shopDomain' | 'storefrontUrl'>
  product: StoreProduct
}

/** Keeps a sellable product's card current: its prices, availability, options and image as the store has them now. */
export async function saveStoreProduct(database: Database, { shop, product }: SaveStoreProductOptions) {
  const row = storeProductRow(product, shop)
  await database.prisma.storeProduct.upsert({
    where: { shopId_productGid: { shopId: shop.id, productGid: product.id } },
    create: { shopId: shop.id, ...row },
    update: { ...row, syncedAt: new Date() },
  })
}

/** After a full catalogue import: the cards of products the store no longer sells go. */
export async function pruneStoreProducts(database: Database, shopId: string, keptGids: Iterable<string>) {
  const { count } = await database.prisma.storeProduct.deleteMany({
    where: { shopId, productGid: { notIn: [...keptGids] } },
  })
  return count
}
