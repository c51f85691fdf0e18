import express, { Router } from 'express'
import { receiveMetaWebhook } from '../channels/receive-meta-webhook.ts'
import { answerMetaHandshake } from '../channels/meta/verify-meta-signature.ts'
import type { Database } from '../db/database.ts'
import { AppError } from '../errors/app-error.ts'
import type { Logger } from '../logging/create-logger.ts'

export interface MetaWebhookRoutesOptions {
  database: Database
  appSecret: string | undefined
  verifyToken: string | undefined
  logger: Logger
}

const CHANNELS_NOT_SET_UP =
  'Messaging channels are not set up on this server: META_APP_SECRET and META_VERIFY_TOKEN are needed (docs/channels.md)'

/**
 * The callback URL of the operator's Meta app (docs/api/channels.md): Meta's handshake (GET) and its
 * signed deliveries (POST), before the API's JSON parser and CORS, for the signature is over the raw bytes
 * and Meta is no browser. Without the app's secret and verify token it answers 503.
 */
export function metaWebhookRoutes({ database, appSecret, verifyToken, logger }: MetaWebhookRoutesOptions): Router {
  const router = Router()
  const path = '/channels/meta/webhook/'
  router.get(path, (req, res) => {
    if (!appSecret || !verifyToken) throw new AppError('SERVICE_UNAVAILABLE', CHANNELS_NOT_SET_UP)
    const challenge = answerMetaHandshake(verifyToken, {
      mode: req.query['hub.mode'],
      token: req.query['hub.verify_token'],
      challenge: req.query['hub.challenge'],
    })
    if (challenge === null) throw new AppError('FORBIDDEN', 'The verify token does not match this server’s')
    res.type('text/plain').send(challenge)
  })
  router.post(path, express.raw({ type: () => true, limit: '1mb' }), async (req, res) => {
    if (!appSecret || !verifyToken) throw new AppError('SERVICE_UNAVAILABLE', CHANNELS_NOT_SET_UP)
    const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0)
    res.json(await receiveMetaWebhook({ database, appSecret, logger }, body, req.get('x-hub-signature-256')))
  })
  return router
}
