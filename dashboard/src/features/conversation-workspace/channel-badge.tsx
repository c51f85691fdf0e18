// Where a conversation came from, when it was not the dashboard: a visitor of a website's widget, or a
// customer of a Shopify storefront.
import { Badge } from '@shopify/polaris'
import type { Conversation } from '../conversations/conversation.types.ts'

const CHANNELS = {
  widget: { label: 'Website widget', tone: 'info' },
  shopify: { label: 'Shopify store', tone: 'success' },
} as const

export function ChannelBadge({ channel }: { channel: Conversation['channel'] }) {
  if (channel !== 'widget' && channel !== 'shopify') return null
  const { label, tone } = CHANNELS[channel]
  return <Badge tone={tone}>{label}</Badge>
}
