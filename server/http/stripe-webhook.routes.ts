import express, { Router } from 'express'
import type Stripe from 'stripe'
import { PAYMENTS_NOT_SET_UP } from '../billing/checkout.ts'
import { receiveStripeEvent } from '../billing/stripe/receive-stripe-event.ts'
import type { Database } from '../db/database.ts'
import { AppError } from '../errors/app-error.ts'
import type { Logger } from '../logging/create-logger.ts'

export interface StripeWebhookRoutesOptions {
  database: Database
  stripe: Stripe | null
  webhookSecret: string | undefined
  logger: Logger
}

/**
 * SPEC section 7's /plans/webhook/, for Stripe: before the API's JSON parser and CORS, for the signature
 * is over the raw bytes and Stripe is no browser. Without Stripe configured it answers 503.
 */
export function stripeWebhookRoutes({ database, stripe, webhookSecret, logger }: StripeWebhookRoutesOptions): Router {
  const router = Router()
  router.post('/plans/webhook/', express.raw({ type: () => true, limit: '1mb' }), async (req, res) => {
    if (!stripe || !webhookSecret) throw new AppError('SERVICE_UNAVAILABLE', PAYMENTS_NOT_SET_UP)
    const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0)
    res.json(await receiveStripeEvent({ database, stripe, webhookSecret, logger }, body, req.get('stripe-signature')))
  })
  return router
}
