// The public widget calls' bodies. Imports only zod.
import { z } from 'zod'
import { singleLineText } from '../../../shared/text-rules.schemas.ts'
import { messageText, ProductShownViewSchema, SENDER_TYPES } from '../../conversations/conversations.schemas.ts'

export const StartWidgetSchema = z.strictObject(
  {
    client_key: z
      .string({ error: 'client_key is required' })
      .trim()
      .min(1, { error: 'client_key is required' })
      .max(100),
    /** The site's signed token for its signed-in user (identity verification), at most 4,096 characters. */
    visitor_token: z
      .string({ error: 'visitor_token must be a JWT' })
      .trim()
      .max(4_096, { error: 'visitor_token must be a JWT' })
      .optional(),
  },
  { error: 'client_key is required' },
)

/** GET /widget-configurations/: a query, so not strict (a cache-busting parameter is harmless). */
export const WidgetConfigurationQuerySchema = z.object({ client_key: StartWidgetSchema.shape.client_key })

export const RefreshWidgetSchema = z.strictObject(
  {
    refresh_token: z
      .string({ error: 'refresh_token is required' })
      .trim()
      .min(1, { error: 'refresh_token is required' })
      .max(200),
  },
  { error: 'refresh_token is required' },
)

export const EMAIL_REQUIRED = 'Please enter your e-mail address to start chatting.'

function pageAddressOf(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length > 10_000 || !URL.canParse(value)) return undefined
  const url = new URL(value)
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined
  url.search = ''
  url.hash = ''
  url.username = ''
  url.password = ''
  return url.href.length <= 2_000 ? url.href : undefined
}

export const CreateWidgetConversationSchema = z.strictObject({
  visitor_email: z.email({ error: 'Please enter a valid email address' }).trim().max(254).optional(),
  /** The visitor's name, when the site knows it. */
  visitor_name: singleLineText({ label: 'Name', max: 150 }).optional(),
  /**
   * The page the widget is on (the lead's page): kept as the parsed http(s) address without its query and
   * fragment (they may carry tokens), at most 2,000 characters; anything else is dropped, never a reason
   * to refuse a visitor's chat.
   */
  page_url: z.unknown().optional().transform(pageAddressOf),
})
export type CreateWidgetConversation = z.infer<typeof CreateWidgetConversationSchema>

/** A visitor's contact, left when nobody from the team could join: the e-mail is required. */
export const LeaveContactSchema = CreateWidgetConversationSchema.extend({
  visitor_email: z.email({ error: 'Please enter a valid email address' }).trim().max(254),
})

/** The live feed's start: the last message the widget shows (ids are UUIDs; anything else is ignored). */
export const LiveFeedQuerySchema = z.object({
  after: z
    .string()
    .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i)
    .optional()
    .catch(undefined),
})
export type LeaveContact = z.infer<typeof LeaveContactSchema>

export const WidgetMessageSchema = z.strictObject(
  { message_text: messageText, stream: z.union([z.boolean(), z.enum(['true', 'false', '1', '0'])]).optional() },
  { error: 'Message text is required and cannot be empty.' },
)

/**
 * A message as a visitor sees it: their words and the answers with their sources (title, page link,
 * snippet), never the team's bookkeeping (read flags, models, token counts, internal ids).
 */
/** A product an answer drew on, as its storefront card shows it now (docs/api/widgets.md, Product cards). */
export const ProductCardSchema = ProductShownViewSchema.extend({
  /** The options a shopper picks from (none for a product without options). */
  options: z.array(z.strictObject({ name: z.string(), values: z.array(z.string()) })),
  variants: z.array(
    z.strictObject({
      /** The numeric variant id the storefront's cart (/cart/add.js) takes. */
      id: z.string(),
      title: z.string(),
      price: z.string(),
      compare_at_price: z.string().nullable(),
      available: z.boolean(),
      options: z.array(z.string()),
    }),
  ),
})
export type ProductCard = z.infer<typeof ProductCardSchema>

export const VisitorMessageViewSchema = z.strictObject({
  message_id: z.string(),
  message_text: z.string(),
  sender_type: z.enum(SENDER_TYPES),
  /** A team member's message: the name they go by in the chat. */
  sender_name: z.string().nullable(),
  timestamp: z.string(),
  sources: z.array(
    z.strictObject({
      number: z.number(),
      title: z.string().nullable(),
      url: z.string().nullable(),
      page: z.number().nullable(),
      snippet: z.string(),
    }),
  ),
  message_link: z.string().nullable(),
  attachments: z.array(
    z.strictObject({ name: z.string().optional(), content_type: z.string().optional(), size: z.number().optional() }),
  ),
  /** An answer: the visitor's own rating (null until rated; null for other messages too). */
  feedback: z.enum(['up', 'down']).nullable(),
  /** A storefront answer: the products it drew on, as cards (empty elsewhere). */
  products: z.array(ProductCardSchema),
})
export type VisitorMessageView = z.infer<typeof VisitorMessageViewSchema>

/** POST /conversations/api/chat/{conversationId}/cart/: a card's variant the shopper put in the storefront's cart. */
export const AddedToCartSchema = z.strictObject(
  {
    product_id: z
      .string({ error: 'product_id is required' })
      .regex(/^gid:\/\/shopify\/Product\/\d{1,20}$/, { error: 'product_id must be a product of the store' }),
    variant_id: z
      .string({ error: 'variant_id is required' })
      .regex(/^\d{1,20}$/, { error: 'variant_id must be a variant number' }),
    quantity: z.coerce
      .number({ error: 'quantity must be a number from 1 to 99' })
      .int({ error: 'quantity must be a number from 1 to 99' })
      .min(1, { error: 'quantity must be a number from 1 to 99' })
      .max(99, { error: 'quantity must be a number from 1 to 99' })
      .default(1),
  },
  { error: 'Send the product_id and variant_id added to the cart.' },
)
export type AddedToCart = z.infer<typeof AddedToCartSchema>
