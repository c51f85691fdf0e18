import { randomUUID } from 'node:crypto'
import type { Actor } from '../accounts/actor.ts'
import { requireAgentAccess } from '../agents/require-agent-access.ts'
import type { PlanEnforcement } from '../billing/plan-enforcement.ts'
import type { Database } from '../db/database.ts'
import { Prisma } from '../db/generated/prisma/client.ts'
import { AppError } from '../errors/app-error.ts'
import { sealSecret } from '../secrets/seal-secret.ts'
import { toChannelView } from './channel-view.ts'
import { CHANNEL_MESSAGES, type ConnectChannel } from './channels.schemas.ts'
import { checkChannelToken } from './check-channel-token.ts'
import type { MetaGraph } from './meta/meta-graph.ts'

export interface ConnectChannelServices {
  database: Database
  plans: PlanEnforcement
  graph: MetaGraph
  /** Seals the channel's token at rest (ServerSecrets.sealingKey). */
  sealingKey: Buffer
}

/** What each kind's body names, and the words a 409 uses for it. */
const externalIdOf = (input: ConnectChannel) =>
  input.kind === 'whatsapp'
    ? { externalId: input.phone_number_id, what: 'WhatsApp number' }
    : input.kind === 'messenger'
      ? { externalId: input.page_id, what: 'Facebook Page' }
      : { externalId: input.instagram_account_id, what: 'Instagram account' }

const isUniqueViolation = (error: unknown) =>
  error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002'

/**
 * Connects a WhatsApp number, a Facebook Page or an Instagram account to the agent: the token is checked
 * at Meta first (400 with Meta's reason), a channel counts as a widget against the plan (402), and what is
 * connected belongs to one agent at a time (409). The token is sealed and never shown again.
 */
export async function connectChannel(
  { database, plans, graph, sealingKey }: ConnectChannelServices,
  { actor, agentId, input }: { actor: Actor; agentId: string; input: ConnectChannel },
) {
  const agent = await requireAgentAccess(database, { actor, agentId, need: 'edit' })
  const resource = { accountId: agent.accountId, resource: 'widgets' as const }
  await plans.requireRoomFor(resource)
  const { externalId, what } = externalIdOf(input)
  // The token first: whether a number, Page or account is connected is told only to its own token's holder.
  const displayName = await checkChannelToken(graph, { kind: input.kind, externalId, accessToken: input.access_token })
  if (
    await database.prisma.messagingChannel.findUnique({ where: { kind_externalId: { kind: input.kind, externalId } } })
  )
    throw new AppError('CONFLICT', CHANNEL_MESSAGES.taken(what))
  const id = randomUUID()
  const channel = await plans
    .createWithinPlan(resource, (tx) =>
      tx.messagingChannel.create({
        data: {
          id,
          accountId: agent.accountId,
          agentId,
          kind: input.kind,
          externalId,
          businessAccountId: input.kind === 'whatsapp' ? (input.business_account_id ?? null) : null,
          displayName,
          sealedAccessToken: sealSecret(sealingKey, id, input.access_token),
        },
      }),
    )
    .catch((error: unknown) => {
      // Two connections of the same id at once: the second finds the first's row.
      if (isUniqueViolation(error)) throw new AppError('CONFLICT', CHANNEL_MESSAGES.taken(what))
      throw error
    })
  return toChannelView(channel)
}
