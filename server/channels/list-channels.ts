import type { Actor } from '../accounts/actor.ts'
import { requireAgentAccess } from '../agents/require-agent-access.ts'
import type { Database } from '../db/database.ts'
import { toChannelView } from './channel-view.ts'

/** The agent's connected channels, oldest first (owners and admins: they show what a token reaches). */
export async function listChannels(database: Database, { actor, agentId }: { actor: Actor; agentId: string }) {
  await requireAgentAccess(database, { actor, agentId, need: 'edit' })
  const channels = await database.prisma.messagingChannel.findMany({
    where: { agentId },
    orderBy: { createdAt: 'asc' },
  })
  return channels.map(toChannelView)
}
