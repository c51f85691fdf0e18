import type { Database } from '../db/database.ts'
import { requireChannel, type ChannelRequest } from './require-channel.ts'

/** Disconnects the channel: its token is forgotten and the agent no longer answers there. */
export async function disconnectChannel(database: Database, request: ChannelRequest) {
  const channel = await requireChannel(database, request)
  await database.prisma.messagingChannel.delete({ where: { id: channel.id } })
}
