import { randomUUID } from 'node:crypto'
import type { Actor } from '../accounts/actor.ts'
import type { Database } from '../db/database.ts'
import { lockCap } from '../db/lock-cap.ts'
import { AppError } from '../errors/app-error.ts'
import { sealSecret } from '../secrets/seal-secret.ts'
import { newWebhookSecret } from './sign-webhook.ts'
import { toDeliveryView, toEndpointView } from './views.ts'
import { WEBHOOK_MESSAGES, type NewEndpoint } from './webhooks.schemas.ts'

const MAX_ENDPOINTS = 10
const DELIVERIES_LISTED = 50

/** The account's endpoints, newest first (each call acts on the signed-in user's own account). */
export async function listEndpoints(database: Database, actor: Actor) {
  const endpoints = await database.prisma.webhookEndpoint.findMany({
    where: { accountId: actor.userId },
    orderBy: { createdAt: 'desc' },
  })
  return endpoints.map(toEndpointView)
}

/** A new endpoint and its secret: the only time the secret is shown (it is kept sealed). At most MAX_ENDPOINTS, whatever races. */
export async function createEndpoint(
  database: Database,
  { actor, sealingKey, input }: { actor: Actor; sealingKey: Buffer; input: NewEndpoint },
) {
  const id = randomUUID()
  const secret = newWebhookSecret()
  const endpoint = await database.prisma.$transaction(async (tx) => {
    await lockCap(tx, { cap: 'webhookEndpoints', ownerId: actor.userId })
    if ((await tx.webhookEndpoint.count({ where: { accountId: actor.userId } })) >= MAX_ENDPOINTS)
      throw new AppError('CONFLICT', WEBHOOK_MESSAGES.tooMany)
    return tx.webhookEndpoint.create({
      data: {
        id,
        accountId: actor.userId,
        url: input.url,
        events: input.events,
        description: input.description ?? null,
        sealedSecret: sealSecret(sealingKey, id, secret),
      },
    })
  })
  return { ...toEndpointView(endpoint), secret }
}

async function requireEndpoint(database: Database, actor: Actor, endpointId: string) {
  const endpoint = await database.prisma.webhookEndpoint.findFirst({
    where: { id: endpointId, accountId: actor.userId },
  })
  if (!endpoint) throw new AppError('NOT_FOUND', WEBHOOK_MESSAGES.notFound)
  return endpoint
}

/** Deletes an endpoint with its delivery log; deliveries still queued for it are dropped. */
export async function deleteEndpoint(database: Database, { actor, endpointId }: { actor: Actor; endpointId: string }) {
  await requireEndpoint(database, actor, endpointId)
  await database.prisma.webhookEndpoint.delete({ where: { id: endpointId } })
}

/** The endpoint's latest deliveries, newest first: status, attempts, last response code. */
export async function listDeliveries(database: Database, { actor, endpointId }: { actor: Actor; endpointId: string }) {
  await requireEndpoint(database, actor, endpointId)
  const deliveries = await database.prisma.webhookDelivery.findMany({
    where: { endpointId },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: DELIVERIES_LISTED,
  })
  return deliveries.map(toDeliveryView)
}
