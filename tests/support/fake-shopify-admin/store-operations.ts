// The queries that read the store: shop details and policies, content pages, single products and collections.
import type { FakeShopifyAdminContext } from './context.ts'
import { articleNode, collectionNode, gid, pageNode, policyNode, productNode, variantNode } from './nodes.ts'
import { pageOf } from './pagination.ts'

type Operation = (context: FakeShopifyAdminContext, variables: Record<string, unknown>) => unknown

export const storeOperations: Record<string, Operation> = {
  ShopDetails: ({ state: { store } }) => ({
    shop: {
      name: store.name,
      ianaTimezone: store.ianaTimezone ?? 'Etc/UTC',
      primaryDomain: { url: store.primaryDomainUrl },
    },
  }),
  StoreCollections: ({ state }, variables) => ({
    collections: pageOf(state.store.collections.map(collectionNode), variables, state.maxPageSize),
  }),
  StorePages: ({ state }, variables) => ({
    pages: pageOf(state.store.pages.map(pageNode), variables, state.maxPageSize),
  }),
  StoreArticles: ({ state }, variables) => ({
    articles: pageOf(state.store.articles.map(articleNode), variables, state.maxPageSize),
  }),
  StorePolicies: ({ state: { store } }) => ({ shop: { shopPolicies: store.policies.map(policyNode) } }),
  // orders(query: "customer_id:N"): Shopify's search, newest first, as many as asked.
  CustomerOrders: ({ state: { store } }, variables) => {
    const customer = /^customer_id:(\d+)$/.exec(String(variables.query))?.[1]
    const orders = (store.orders ?? [])
      .filter((order) => String(order.customerId) === customer)
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
      .slice(0, Number(variables.first))
    return {
      orders: {
        nodes: orders.map((order) => ({
          id: gid('Order', order.id),
          name: order.name,
          createdAt: order.createdAt,
          displayFulfillmentStatus: order.fulfillmentStatus,
          cancelledAt: order.cancelledAt ?? null,
          lineItems: { nodes: order.items },
          fulfillments: order.tracking ? [{ displayStatus: 'IN_TRANSIT', trackingInfo: order.tracking }] : [],
        })),
      },
    }
  },
  ProductForSync: ({ state: { store } }, variables) => {
    const product = store.products.find((candidate) => gid('Product', candidate.id) === variables.id)
    return {
      product: product ? { ...productNode(product), variants: { nodes: product.variants.map(variantNode) } } : null,
    }
  },
  CollectionForSync: ({ state: { store } }, variables) => {
    const collection = store.collections.find((candidate) => gid('Collection', candidate.id) === variables.id)
    return { collection: collection ? collectionNode(collection) : null }
  },
}
