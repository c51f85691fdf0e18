// A storefront answer's product cards as the shopper saw them under it: image, title (to the product's
// page), price (struck compare-at price beside it) and whether it can be bought; read from the store's
// catalogue by the messages list. Addresses that are not http(s) are never linked or loaded.
import type { Message } from '../conversations/conversation.types.ts'
import { safeHttpUrl } from './message-segments.ts'

type ProductShown = Message['products'][number]

/** The price in the shop's currency, as the shopper's card wrote it; an unknown code is written after it. */
function formatPrice(amount: string, currency: string) {
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(Number(amount))
  } catch {
    return `${amount} ${currency}`
  }
}

function ProductCard({ product }: { product: ProductShown }) {
  const link = safeHttpUrl(product.url)
  const image = product.image_url ? safeHttpUrl(product.image_url) : null
  return (
    <li className="product-shown" data-testid="product-shown">
      {image ? <img className="product-shown__image" src={image} alt="" loading="lazy" /> : null}
      <span className="product-shown__body">
        {link ? (
          <a className="product-shown__title" href={link} target="_blank" rel="noopener noreferrer nofollow">
            {product.title}
          </a>
        ) : (
          <span className="product-shown__title">{product.title}</span>
        )}
        <span className="product-shown__price">
          {formatPrice(product.price, product.currency)}
          {product.compare_at_price ? (
            <s className="product-shown__was">{formatPrice(product.compare_at_price, product.currency)}</s>
          ) : null}
          {product.available ? null : <span className="product-shown__sold-out"> · Sold out</span>}
        </span>
      </span>
    </li>
  )
}

export function ProductsShown({ products }: { products: Message['products'] }) {
  if (products.length === 0) return null
  return (
    <ul className="products-shown" aria-label="Products shown to the shopper">
      {products.map((product) => (
        <ProductCard key={product.id} product={product} />
      ))}
    </ul>
  )
}
