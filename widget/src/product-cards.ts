// Product cards under a storefront answer, loaded with the chat window on a Shopify storefront only: image,
// title, price (and compare-at price), availability, a variant picker, a link to the product, and Add to
// cart through the storefront's own Ajax Cart API. Built with textContent only: nothing from the shop or
// the answer is read as HTML.

interface CardVariant {
  id: string
  title: string
  price: string
  compare_at_price: string | null
  available: boolean
  options: string[]
}

export interface ProductCard {
  id: string
  title: string
  url: string
  image_url: string | null
  currency: string
  price: string
  compare_at_price: string | null
  available: boolean
  options: { name: string; values: string[] }[]
  variants: CardVariant[]
}

export interface CardsContext {
  conversationId: string
  /** Reports the added variant to the server (the shop's sales figures); a failure there changes nothing here. */
  report(added: { product_id: string; variant_id: string; quantity: number }): Promise<void>
  /** Says something in the chat: the confirmation with its links, or why the cart refused. */
  say(text: string, links?: { label: string; href: string }[]): void
}

/** The DOM event a theme listens to for refreshing its cart count (docs/api/widgets.md). */
const CART_UPDATED_EVENT = 'agentdesk:cart-updated'

const CARD_STYLES = `.cards{display:flex;gap:8px;overflow-x:auto;padding:2px 2px 6px;max-width:100%}
.card{flex:0 0 168px;border:1px solid #ddd;border-radius:10px;padding:8px;display:flex;flex-direction:column;gap:4px;background:#fff;font-size:13px}
.card img{width:100%;height:112px;object-fit:cover;border-radius:6px;background:#f4f4f4}
.card a.name{color:inherit;font-weight:600;text-decoration:none}
.card .was{text-decoration:line-through;color:#777;margin-inline-start:6px}
.card .stock{color:#777}.card select{font:inherit;width:100%}
.card button{font:inherit;border:0;border-radius:6px;padding:6px;background:var(--ad-color,#111);color:#fff;cursor:pointer}
.card button:disabled{opacity:.5;cursor:default}
.links a{margin-inline-end:12px}`

function node<K extends keyof HTMLElementTagNameMap>(tag: K, className = '', text?: string): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag)
  if (className) element.className = className
  if (text !== undefined) element.textContent = text
  return element
}

function money(amount: string, currency: string): string {
  try {
    return new Intl.NumberFormat(document.documentElement.lang || undefined, { style: 'currency', currency }).format(
      Number(amount),
    )
  } catch {
    return `${amount} ${currency}`
  }
}

/** The storefront's own root (a shop in a subfolder market has /fr/ and so on). */
function shopRoot(): string {
  const root = (window as { Shopify?: { routes?: { root?: string } } }).Shopify?.routes?.root
  // A path on this origin only (never //host/, which would leave it).
  return typeof root === 'string' && /^\/(?![/\\])/.test(root) ? root.replace(/\/?$/, '/') : '/'
}

async function cartCall(path: string, body: unknown): Promise<Record<string, unknown>> {
  const response = await fetch(`${shopRoot()}${path}`, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify(body),
  })
  const answer = (await response.json().catch(() => ({}))) as Record<string, unknown>
  if (!response.ok) {
    // The Ajax Cart API says why in plain words (sold out, only so many left): those words are shown.
    const said = [answer.description, answer.message].find((text) => typeof text === 'string' && text)
    throw new Error(typeof said === 'string' ? said : 'This item could not be added to your cart.')
  }
  return answer
}

/** Puts one variant in the shopper's cart, marked with the chat that led there, and tells the theme. */
async function addToCart(card: ProductCard, variant: CardVariant, context: CardsContext) {
  await cartCall('cart/add.js', {
    items: [{ id: Number(variant.id), quantity: 1, properties: { _agentdesk_conversation: context.conversationId } }],
  })
  const cart = await cartCall('cart/update.js', { attributes: { agentdesk_conversation: context.conversationId } })
  document.dispatchEvent(
    new CustomEvent(CART_UPDATED_EVENT, {
      detail: {
        cart,
        product_id: card.id,
        variant_id: variant.id,
        quantity: 1,
        conversation_id: context.conversationId,
      },
    }),
  )
  void context.report({ product_id: card.id, variant_id: variant.id, quantity: 1 }).catch(() => {})
  const name = variant.title && variant.title !== 'Default Title' ? `${card.title} (${variant.title})` : card.title
  context.say(`${name} is in your cart.`, [
    { label: 'View cart', href: `${shopRoot()}cart` },
    { label: 'Checkout', href: `${shopRoot()}checkout` },
  ])
}

function cardOf(card: ProductCard, context: CardsContext): HTMLElement {
  const box = node('div', 'card')
  box.setAttribute('part', 'product-card')
  if (card.image_url && /^https:\/\//i.test(card.image_url)) {
    const image = node('img')
    image.src = card.image_url
    image.alt = card.title
    image.loading = 'lazy'
    box.append(image)
  }
  const link = node('a', 'name', card.title)
  if (/^https?:\/\//i.test(card.url)) link.href = card.url
  link.target = '_top'
  const price = node('div', 'price')
  const stock = node('div', 'stock')
  const add = node('button', '', 'Add to cart')
  add.type = 'button'
  let chosen = card.variants.find((variant) => variant.available) ?? card.variants[0]
  const draw = () => {
    if (!chosen) return
    price.replaceChildren(money(chosen.price, card.currency))
    if (chosen.compare_at_price && Number(chosen.compare_at_price) > Number(chosen.price))
      price.append(node('span', 'was', money(chosen.compare_at_price, card.currency)))
    stock.textContent = chosen.available ? 'In stock' : 'Sold out'
    add.disabled = !chosen.available
  }
  box.append(link, price)
  if (card.options.length > 0 && card.variants.length > 1) {
    const picker = node('select')
    picker.setAttribute('aria-label', `Choose ${card.options.map((option) => option.name).join(' and ')}`)
    for (const variant of card.variants) {
      const option = node('option', '', variant.available ? variant.title : `${variant.title} (sold out)`)
      option.value = variant.id
      option.selected = variant === chosen
      picker.append(option)
    }
    picker.addEventListener('change', () => {
      chosen = card.variants.find((variant) => variant.id === picker.value) ?? chosen
      draw()
    })
    box.append(picker)
  }
  add.addEventListener('click', () => {
    if (!chosen) return
    add.disabled = true
    addToCart(card, chosen, context)
      .catch((error: unknown) => context.say(error instanceof Error ? error.message : String(error)))
      .finally(draw)
  })
  box.append(stock, add)
  draw()
  return box
}

/** The cards of an answer's products, side by side (scrolling on a phone). */
export function productCards(cards: ProductCard[], context: CardsContext): HTMLElement {
  const row = node('div', 'cards')
  row.setAttribute('role', 'list')
  row.setAttribute('aria-label', 'Products')
  const style = node('style')
  style.textContent = CARD_STYLES
  row.append(style, ...cards.map((card) => cardOf(card, context)))
  for (const item of row.querySelectorAll('.card')) item.setAttribute('role', 'listitem')
  return row
}
