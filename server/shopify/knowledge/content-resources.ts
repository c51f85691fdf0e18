// Collections, pages, blog articles and shop policies as knowledge texts, with their storefront links.
import { z } from 'zod'
import { htmlFragmentToText } from '../../knowledge/indexing/structured-text.ts'
import { storefrontBaseOf, webUrlOrNull, type StorefrontShop, type StoreResource } from './store-resource.ts'

const orEmpty = z
  .string()
  .nullish()
  .transform((value) => value ?? '')

export const StoreCollectionSchema = z.object({
  id: z.string().startsWith('gid://shopify/Collection/'),
  title: z.string(),
  handle: z.string(),
  descriptionHtml: orEmpty,
})
export const StorePageSchema = z.object({
  id: z.string(),
  title: z.string(),
  handle: z.string(),
  body: orEmpty,
  isPublished: z.boolean().nullish(),
})
export const StoreArticleSchema = z.object({
  id: z.string(),
  title: z.string(),
  handle: z.string(),
  body: orEmpty,
  isPublished: z.boolean().nullish(),
  tags: z
    .array(z.string())
    .nullish()
    .transform((value) => value ?? []),
  author: z.object({ name: orEmpty }).nullish(),
  blog: z.object({ handle: z.string(), title: orEmpty }),
})
export const StorePolicySchema = z.object({
  id: z.string().nullish(),
  title: z.string(),
  body: orEmpty,
  url: z.string().nullish(),
  type: z.string(),
})

export type StoreCollection = z.infer<typeof StoreCollectionSchema>
export type StorePage = z.infer<typeof StorePageSchema>
export type StoreArticle = z.infer<typeof StoreArticleSchema>
export type StorePolicy = z.infer<typeof StorePolicySchema>

const path = (...segments: string[]) => segments.map(encodeURIComponent).join('/')
const joined = (...parts: (string | null | false)[]) => parts.filter(Boolean).join('\n\n')

export function collectionResource(collection: StoreCollection, shop: StorefrontShop): StoreResource {
  return {
    gid: collection.id,
    kind: 'collection',
    title: collection.title,
    content: joined(
      `${collection.title} (a collection of products in the store)`,
      htmlFragmentToText(collection.descriptionHtml),
    ),
    sourceUrl: `${storefrontBaseOf(shop)}/collections/${path(collection.handle)}`,
  }
}

export function pageResource(page: StorePage, shop: StorefrontShop): StoreResource {
  return {
    gid: page.id,
    kind: 'page',
    title: page.title,
    content: joined(page.title, htmlFragmentToText(page.body)),
    sourceUrl: `${storefrontBaseOf(shop)}/pages/${path(page.handle)}`,
  }
}

export function articleResource(article: StoreArticle, shop: StorefrontShop): StoreResource {
  const byline = [
    article.blog.title ? `From the blog ${article.blog.title}` : null,
    article.author?.name ? `by ${article.author.name}` : null,
  ]
    .filter(Boolean)
    .join(', ')
  return {
    gid: article.id,
    kind: 'article',
    title: article.title,
    content: joined(
      article.title,
      byline,
      article.tags.length > 0 && `Tags: ${article.tags.join(', ')}`,
      htmlFragmentToText(article.body),
    ),
    sourceUrl: `${storefrontBaseOf(shop)}/blogs/${path(article.blog.handle, article.handle)}`,
  }
}

export function policyResource(policy: StorePolicy, shop: StorefrontShop): StoreResource {
  // Shopify's policy URLs are /policies/refund-policy and the like.
  const slug = policy.type.toLowerCase().replace(/_/g, '-')
  return {
    gid: policy.id ?? `gid://shopify/ShopPolicy/${policy.type}`,
    kind: 'policy',
    title: policy.title,
    content: joined(policy.title, htmlFragmentToText(policy.body)),
    sourceUrl: webUrlOrNull(policy.url) ?? `${storefrontBaseOf(shop)}/policies/${slug}`,
  }
}
