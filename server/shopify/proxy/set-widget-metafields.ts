import { z } from 'zod'
import { AppError } from '../../errors/app-error.ts'
import type { ShopifyAdminClient } from '../admin-api/shopify-admin-client.ts'

const CURRENT_APP_INSTALLATION = `#graphql
  query CurrentAppInstallation {
    currentAppInstallation { id }
  }`

const SET_METAFIELDS = `#graphql
  mutation SetWidgetMetafields($metafields: [MetafieldsSetInput!]!) {
    metafieldsSet(metafields: $metafields) {
      metafields { key value }
      userErrors { field message code }
    }
  }`

// The theme app extension reads these as app.metafields.agentdesk.<key>.value (blocks/chat-embed.liquid).
const WIDGET_METAFIELD_NAMESPACE = 'agentdesk'

const WidgetMetafieldsSchema = z.object({
  clientKey: z.string().trim().min(1).max(100),
  // The loader only takes the origin of data-server; storing just that keeps the value predictable.
  serverUrl: z.url({ protocol: /^https?$/ }).transform((url) => new URL(url).origin),
})

interface CurrentAppInstallation {
  currentAppInstallation: { id: string }
}

interface MetafieldsSetAnswer {
  metafieldsSet: {
    metafields: { key: string; value: string }[] | null
    userErrors: { field: string[] | null; message: string; code: string | null }[]
  }
}

export interface SetWidgetMetafieldsOptions {
  client: ShopifyAdminClient
  clientKey: string
  serverUrl: string
}

/**
 * Writes the widget's client key and our server's address as app-data metafields on the shop's app
 * installation: only the app and Liquid can read them, so the theme embed needs no typed-in key, and
 * the block's available_if shows it once the key exists.
 */
export async function setWidgetMetafields({ client, clientKey, serverUrl }: SetWidgetMetafieldsOptions): Promise<void> {
  const values = WidgetMetafieldsSchema.parse({ clientKey, serverUrl })
  const { currentAppInstallation } = await client.graphql<CurrentAppInstallation>(CURRENT_APP_INSTALLATION)
  const metafield = (key: string, value: string) => ({
    ownerId: currentAppInstallation.id,
    namespace: WIDGET_METAFIELD_NAMESPACE,
    key,
    type: 'single_line_text_field',
    value,
  })
  const answer = await client.graphql<MetafieldsSetAnswer>(SET_METAFIELDS, {
    metafields: [metafield('widget_key', values.clientKey), metafield('server_url', values.serverUrl)],
  })
  const { userErrors } = answer.metafieldsSet
  if (userErrors.length > 0) {
    throw new AppError(
      'UPSTREAM_FAILED',
      `Shopify did not save the chat widget settings: ${userErrors.map((error) => error.message).join('; ')}`,
      { shopify_errors: userErrors },
    )
  }
}
