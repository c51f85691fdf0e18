import { z } from 'zod'
import { defineJobKind } from '../jobs/job-kind.ts'

// Eight tries with the worker's backoff (5 s doubling, at most 10 minutes apart): about 21 minutes.
export const DELIVER_WEBHOOK = defineJobKind({
  kind: 'deliver-webhook',
  payload: z.object({ deliveryId: z.uuid() }),
  maxAttempts: 8,
})
