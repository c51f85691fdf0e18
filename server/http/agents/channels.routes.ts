import { Router, type RequestHandler } from 'express'
import type { PlanEnforcement } from '../../billing/plan-enforcement.ts'
import { CHANNEL_MESSAGES, ConnectChannelSchema, UpdateChannelSchema } from '../../channels/channels.schemas.ts'
import { connectChannel } from '../../channels/connect-channel.ts'
import { disconnectChannel } from '../../channels/disconnect-channel.ts'
import { listChannels } from '../../channels/list-channels.ts'
import type { MetaGraph } from '../../channels/meta/meta-graph.ts'
import { updateChannel } from '../../channels/update-channel.ts'
import type { Database } from '../../db/database.ts'
import { AGENT_NOT_FOUND } from '../../agents/require-agent-access.ts'
import { actorOf } from '../authenticate.ts'
import { parseIdParam } from '../parse-id-param.ts'

export interface ChannelRoutesOptions {
  database: Database
  plans: PlanEnforcement
  graph: MetaGraph
  /** Seals channels' tokens at rest (ServerSecrets.sealingKey). */
  sealingKey: Buffer
  signedIn: RequestHandler
}

/** An agent's messaging channels: WhatsApp, Messenger and Instagram (docs/api/channels.md). No answer carries a token. */
export function channelRoutes({ database, plans, graph, sealingKey, signedIn }: ChannelRoutesOptions): Router {
  const router = Router()
  const base = '/agents/:agentId/channels'
  const agentOf = (value: unknown) => parseIdParam(value, AGENT_NOT_FOUND)
  const channelOf = (params: Record<string, unknown>) => ({
    agentId: agentOf(params.agentId),
    channelId: parseIdParam(params.channelId, CHANNEL_MESSAGES.notFound),
  })
  router.get(`${base}/`, signedIn, async (req, res) => {
    res.json({ channels: await listChannels(database, { actor: actorOf(res), agentId: agentOf(req.params.agentId) }) })
  })
  router.post(`${base}/`, signedIn, async (req, res) => {
    const agentId = agentOf(req.params.agentId)
    const input = ConnectChannelSchema.parse(req.body)
    const channel = await connectChannel(
      { database, plans, graph, sealingKey },
      { actor: actorOf(res), agentId, input },
    )
    res.status(201).json({ message: 'Channel connected', ...channel })
  })
  router.put(`${base}/:channelId/`, signedIn, async (req, res) => {
    const ids = channelOf(req.params)
    const input = UpdateChannelSchema.parse(req.body)
    const channel = await updateChannel({ database, graph, sealingKey }, { actor: actorOf(res), ...ids, input })
    res.json({ message: 'Channel updated', ...channel })
  })
  router.delete(`${base}/:channelId/`, signedIn, async (req, res) => {
    await disconnectChannel(database, { actor: actorOf(res), ...channelOf(req.params) })
    res.json({ message: 'Channel disconnected' })
  })
  return router
}
