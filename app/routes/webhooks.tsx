// /shopify/webhooks and /shopify/webhooks/compliance (shopify.app.toml): the library checks the HMAC
// (401 when wrong, 400 when headers are missing), then the webhook becomes a durable job (once per
// webhook id) and is answered 200. A payload we can never read (not JSON, or not the topic's shape) is
// answered 400, not retried as a 500.
import type { ActionFunctionArgs } from 'react-router'
import { ZodError } from 'zod'
import { AppError } from '#server/errors/app-error.ts'
import { receiveShopifyWebhook } from '#server/shopify/admin/receive-shopify-webhook.ts'

/** The library checks the HMAC, then parses the body: a SyntaxError means the signature held over bytes that are not JSON. */
async function authenticateWebhook({ request, context }: ActionFunctionArgs) {
  try {
    return await context.shopify.authenticate.webhook(request)
  } catch (error) {
    if (!(error instanceof SyntaxError)) throw error
    context.logger.warn('a signed Shopify webhook whose body is not JSON was refused')
    return null
  }
}

export async function action(args: ActionFunctionArgs) {
  const { context } = args
  const webhook = await authenticateWebhook(args)
  if (!webhook) return new Response(null, { status: 400 })
  const { topic, shop, webhookId, payload } = webhook
  try {
    await receiveShopifyWebhook(context.database, context.queue, { topic, shop, webhookId, payload })
  } catch (error) {
    if (error instanceof ZodError || (error instanceof AppError && error.code === 'BAD_REQUEST')) {
      context.logger.warn(
        { topic, shop, webhookId },
        'a Shopify webhook was refused: its topic or payload cannot be handled',
      )
      return new Response(null, { status: 400 })
    }
    throw error
  }
  return new Response(null, { status: 200 })
}
