// A signed-in shopper's recent orders, read from the Admin API (scope read_orders). The customer id comes
// only from Shopify's signed app proxy request (the widget session), never from the page or the chat.
import { z } from 'zod'
import type { ShopifyAdminClient } from '../admin-api/shopify-admin-client.ts'

/** How many of the shopper's latest orders an answer lists. */
const RECENT_ORDERS = 5

const CUSTOMER_ORDERS_QUERY = `query CustomerOrders($query: String!, $first: Int!) {
  orders(first: $first, sortKey: CREATED_AT, reverse: true, query: $query) {
    nodes {
      id name createdAt displayFulfillmentStatus cancelledAt
      lineItems(first: 10) { nodes { title quantity } }
      fulfillments(first: 5) { displayStatus trackingInfo(first: 3) { company number url } }
    }
  }
}`

const OrderSchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  displayFulfillmentStatus: z.string().nullish(),
  cancelledAt: z.string().nullish(),
  lineItems: z.object({ nodes: z.array(z.object({ title: z.string(), quantity: z.number() })) }),
  fulfillments: z
    .array(
      z.object({
        displayStatus: z.string().nullish(),
        trackingInfo: z
          .array(z.object({ company: z.string().nullish(), number: z.string().nullish(), url: z.string().nullish() }))
          .nullish(),
      }),
    )
    .nullish(),
})

const CustomerOrdersSchema = z.object({ orders: z.object({ nodes: z.array(OrderSchema) }) })

export interface CustomerOrder {
  name: string
  createdAt: Date
  /** Shopify's words for where it stands: Fulfilled, Unfulfilled, In progress…; Cancelled when cancelled. */
  status: string
  items: { title: string; quantity: number }[]
  tracking: { company: string | null; number: string | null; url: string | null }[]
}

const words = (status: string) => status.charAt(0) + status.slice(1).toLowerCase().replaceAll('_', ' ')

/** The customer's latest orders, newest first. `customerId` is Shopify's number, as the proxy signed it. */
export async function readCustomerOrders(client: ShopifyAdminClient, customerId: string): Promise<CustomerOrder[]> {
  if (!/^\d{1,20}$/.test(customerId)) throw new Error('A customer id is a number.')
  const data = CustomerOrdersSchema.parse(
    await client.graphql(CUSTOMER_ORDERS_QUERY, { query: `customer_id:${customerId}`, first: RECENT_ORDERS }),
  )
  return data.orders.nodes.map((order) => ({
    name: order.name,
    createdAt: new Date(order.createdAt),
    status: order.cancelledAt ? 'Cancelled' : words(order.displayFulfillmentStatus ?? 'UNFULFILLED'),
    items: order.lineItems.nodes,
    tracking: (order.fulfillments ?? []).flatMap((fulfillment) =>
      (fulfillment.trackingInfo ?? []).map((info) => ({
        company: info.company ?? null,
        number: info.number ?? null,
        url: info.url && /^https:\/\//.test(info.url) ? info.url : null,
      })),
    ),
  }))
}
