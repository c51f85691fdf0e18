import type { MessagingChannel } from '../db/generated/prisma/client.ts'
import type { ChannelView } from './channels.schemas.ts'

/** What is shown of a connected channel: everything but its token. */
export const toChannelView = (channel: MessagingChannel): ChannelView => ({
  channel_id: channel.id,
  agent_id: channel.agentId,
  kind: channel.kind,
  external_id: channel.externalId,
  business_account_id: channel.businessAccountId,
  display_name: channel.displayName,
  created_at: channel.createdAt.toISOString(),
  updated_at: channel.updatedAt.toISOString(),
})
