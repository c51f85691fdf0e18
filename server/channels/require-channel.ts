import type { Actor } from '../accounts/actor.ts'
import { requireAgentAccess } from '../agents/require-agent-access.ts'
import type { Database } from '../db/database.ts'
import { AppError } from '../errors/app-error.ts'
import { CHANNEL_MESSAGES } from './channels.schemas.ts'

export interface ChannelRequest {
  actor: Actor
  agentId: string
  channelId: string
}

/** The agent's channel, for one who may change the agent's widgets (404 for another agent's channel). */
export async function requireChannel(database: Database, { actor, agentId, channelId }: ChannelRequest) {
  await requireAgentAccess(database, { actor, agentId, need: 'edit' })
  const channel = await database.prisma.messagingChannel.findFirst({ where: { id: channelId, agentId } })
  if (!channel) throw new AppError('NOT_FOUND', CHANNEL_MESSAGES.notFound)
  return channel
}
