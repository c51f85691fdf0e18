// /shopify/webhooks and /shopify/webhooks/compliance (shopify.app.toml): the library checks the HMAC
// (401 when wrong, 400 when headers are missing), then the webhook is handed on and answered 200.
import type { ActionFunctionArgs } from 'react-router'
import { receiveShopifyWebhook } from '../../server/shopify/app/receive-shopify-webhook.ts'

export async function action({ request, context }: ActionFunctionArgs) {
  const { topic, shop, webhookId, payload } = await context.shopify.authenticate.webhook(request)
  await receiveShopifyWebhook(context.database, { topic, shop, webhookId, payload })
  return new Response(null, { status: 200 })
}
