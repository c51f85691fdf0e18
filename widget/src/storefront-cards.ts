// Loads the product cards' code (its own file, cards.<hash>.js) with the chat window on a Shopify
// storefront, and puts an answer's cards under it. Elsewhere the file is never fetched.
import type { CardsContext, ProductCard, productCards } from './product-cards.ts'

declare const __CARDS_FILE__: string

interface CardsModule {
  productCards: typeof productCards
}

export interface StorefrontCards {
  /** Draws the message's cards right after its bubble (nothing when it has none). */
  under(bubble: HTMLElement, products: ProductCard[] | undefined, context: CardsContext): void
}

export function storefrontCards(base: string, onStorefront: boolean): StorefrontCards {
  let loading: Promise<CardsModule> | undefined
  const load = () =>
    (loading ??= import(/* @vite-ignore */ `${base}/widget/v1/${__CARDS_FILE__}`) as Promise<CardsModule>)
  if (onStorefront) void load().catch(() => {})
  return {
    under(bubble, products, context) {
      if (!onStorefront || !products?.length) return
      void load()
        .then((cards) => bubble.after(cards.productCards(products, context)))
        .catch(() => {})
    },
  }
}
