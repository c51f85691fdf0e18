// The queries that read the store: shop details and policies, content pages, single products and collections.
import type { FakeShopifyAdminContext } from './context.ts'
import { articleNode, collectionNode, gid, pageNode, policyNode, productNode, variantNode } from './nodes.ts'
import { pageOf } from './pagination.ts'

type Operation = (context: FakeShopifyAdminContext, variables: Record<string, unknown>) => unknown

export const storeOperations: Record<string, Operation> = {
  ShopDetails: ({ state: { store } }) => ({
    shop: { name: store.name, primaryDomain: { url: store.primaryDomainUrl } },
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
