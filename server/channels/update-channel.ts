import type { Database } from '../db/database.ts'
import { AppError } from '../errors/app-error.ts'
import { sealSecret } from '../secrets/seal-secret.ts'
import { toChannelView } from './channel-view.ts'
import type { UpdateChannel } from './channels.schemas.ts'
import { checkChannelToken } from './check-channel-token.ts'
import type { MetaGraph } from './meta/meta-graph.ts'
import { requireChannel, type ChannelRequest } from './require-channel.ts'

/** A new token for a connected channel, checked at Meta before it replaces the old one (which stays on a refusal). */
export async function updateChannel(
  { database, graph, sealingKey }: { database: Database; graph: MetaGraph; sealingKey: Buffer },
  { input, ...request }: ChannelRequest & { input: UpdateChannel },
) {
  const channel = await requireChannel(database, request)
  if (input.business_account_id && channel.kind !== 'whatsapp')
    throw new AppError('BAD_REQUEST', `business_account_id is not taken for kind ${channel.kind}`)
  const displayName = await checkChannelToken(graph, {
    kind: channel.kind,
    externalId: channel.externalId,
    accessToken: input.access_token,
  })
  const updated = await database.prisma.messagingChannel.update({
    where: { id: channel.id },
    data: {
      displayName,
      sealedAccessToken: sealSecret(sealingKey, channel.id, input.access_token),
      ...(input.business_account_id ? { businessAccountId: input.business_account_id } : {}),
    },
  })
  return toChannelView(updated)
}
