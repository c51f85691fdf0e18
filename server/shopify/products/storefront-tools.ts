// The storefront shopping assistant's tools for a language model (the OpenAI-compatible tools API): search
// the store's products, read one product's details, and read the signed-in shopper's own orders. What the
// model reads is JSON; what the shopper sees is its words and the products it looked at, as cards.
import { z } from 'zod'
import type { ChatTools } from '../../chat/answering/chat-model.ts'
import { retrievePassages, type Retriever } from '../../chat/retrieval/retrieve-passages.ts'
import type { ShopifyAdminClient } from '../admin-api/shopify-admin-client.ts'
import { lookUpOrders, type Shopper } from '../orders/answer-about-orders.ts'
import type { CardOption, CardVariant } from './store-product-row.ts'

const MAX_FOUND = 5

const DEFINITIONS: ChatTools['definitions'] = [
  {
    name: 'search_products',
    description:
      "Searches the store's products by what the shopper wants (a kind of product, a use, a feature, a name). Answers up to 5 products with price, availability and link; they are shown to the shopper as cards.",
    parameters: {
      type: 'object',
      properties: { query: { type: 'string', description: 'What to look for, in a few words.' } },
      required: ['query'],
      additionalProperties: false,
    },
  },
  {
    name: 'get_product_details',
    description:
      "Reads one product's options and variants (each with price and availability) by its product_id from search_products. The product is shown to the shopper as a card.",
    parameters: {
      type: 'object',
      properties: { product_id: { type: 'string', description: 'The product_id search_products gave.' } },
      required: ['product_id'],
      additionalProperties: false,
    },
  },
  {
    name: 'get_my_orders',
    description:
      "Reads the signed-in shopper's own latest orders: number, date, status, items and tracking links. For a shopper who is not signed in it answers the store's sign-in address, to give them.",
    parameters: { type: 'object', properties: {}, additionalProperties: false },
  },
]

const SearchArguments = z.object({ query: z.string().trim().min(1).max(500) })
const DetailArguments = z.object({ product_id: z.string().max(100) })

export interface StorefrontToolsOptions {
  retriever: Retriever
  shopAdmin: ((shopDomain: string) => Promise<ShopifyAdminClient>) | null
  agentId: string
  shopper: Shopper
  /** Collects the products the model looked at (shown as cards under its answer) and the tools it called. */
  used: { products: Set<string>; tools: string[] }
}

/** The tools for one storefront answer: every read is limited to the shopper's shop (and their own orders). */
export function storefrontTools({ retriever, shopAdmin, agentId, shopper, used }: StorefrontToolsOptions): ChatTools {
  const { prisma } = retriever.database
  const shown = used.products
  const summary = (row: {
    productGid: string
    title: string
    url: string
    currencyCode: string
    variants: unknown
  }) => {
    const variants = row.variants as CardVariant[]
    const lead = variants.find((variant) => variant.available) ?? variants[0]
    return {
      product_id: row.productGid,
      title: row.title,
      price: lead?.price ?? null,
      compare_at_price: lead?.compare_at_price ?? null,
      currency: row.currencyCode,
      available: variants.some((variant) => variant.available),
      url: row.url,
    }
  }
  const run = async (name: string, argumentsJson: string): Promise<unknown> => {
    used.tools.push(name)
    const args: unknown = JSON.parse(argumentsJson || '{}')
    switch (name) {
      case 'search_products': {
        const { query } = SearchArguments.parse(args)
        const passages = await retrievePassages({ retriever, agentId, question: query })
        const textIds = passages.flatMap((passage) => (passage.textId ? [passage.textId] : []))
        const mapped = await prisma.shopifyResource.findMany({
          where: { textId: { in: textIds }, kind: 'product', shopId: shopper.shopId },
          select: { textId: true, resourceGid: true },
        })
        const gids = [
          ...new Set(textIds.flatMap((id) => mapped.filter((row) => row.textId === id).map((row) => row.resourceGid))),
        ]
        const rows = await prisma.storeProduct.findMany({ where: { shopId: shopper.shopId, productGid: { in: gids } } })
        const found = gids.flatMap((gid) => rows.filter((row) => row.productGid === gid)).slice(0, MAX_FOUND)
        for (const row of found) shown.add(row.productGid)
        return { products: found.map(summary) }
      }
      case 'get_product_details': {
        const { product_id } = DetailArguments.parse(args)
        const row = await prisma.storeProduct.findUnique({
          where: { shopId_productGid: { shopId: shopper.shopId, productGid: product_id } },
        })
        if (!row) return { error: 'This product is not sold in this store.' }
        shown.add(row.productGid)
        return {
          ...summary(row),
          options: row.options as unknown as CardOption[],
          variants: (row.variants as unknown as CardVariant[]).map((variant) => ({
            title: variant.title,
            price: variant.price,
            compare_at_price: variant.compare_at_price,
            available: variant.available,
          })),
        }
      }
      case 'get_my_orders':
        return lookUpOrders({ database: retriever.database, adminClientFor: shopAdmin }, shopper)
      default:
        return { error: `There is no tool named ${name.slice(0, 60)}.` }
    }
  }
  return {
    definitions: DEFINITIONS,
    run: async (name, argumentsJson) => JSON.stringify(await run(name, argumentsJson)),
  }
}
