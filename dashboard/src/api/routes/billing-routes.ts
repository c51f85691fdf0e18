// Plans, the subscription, payments and the header's notifications (SPEC section 7, Billing;
// docs/api/billing.md).
import { z } from 'zod'
import {
  CancelledSubscriptionSchema,
  CancelSubscriptionSchema,
  CheckoutAnswerSchema,
  CheckoutSessionSchema,
  NotificationListSchema,
  PlanCatalogueSchema,
  PortalAnswerSchema,
  SubscriptionHistoryEntrySchema,
  SubscriptionSchema,
} from '#server/billing/billing.schemas.ts'
import { apiRoute } from '../api-route.ts'

export const billingRoutes = {
  plans: apiRoute({ method: 'GET', path: '/subscriptions/plans/', answer: PlanCatalogueSchema, signedIn: false }),
  subscription: apiRoute({ method: 'GET', path: '/plans/get-user-subscription/', answer: SubscriptionSchema }),
  subscriptionHistory: apiRoute({
    method: 'GET',
    path: '/plans/get-user-subscription-history/',
    answer: z.object({ subscriptions: z.array(SubscriptionHistoryEntrySchema) }),
  }),
  /** The few facts a screen needs (the server answers more; only these are read). */
  standing: apiRoute({
    method: 'GET',
    path: '/subscriptions/status/',
    answer: z.object({ status: z.string(), billing_mode: z.enum(['enforced', 'unlimited']) }),
  }),
  startTrial: apiRoute({
    method: 'POST',
    path: '/plans/start-trial/',
    answer: z.object({ message: z.string(), trial_ends_at: z.string() }),
  }),
  cancel: apiRoute({
    method: 'POST',
    path: '/plans/cancel-user-subscription/',
    body: CancelSubscriptionSchema,
    answer: CancelledSubscriptionSchema,
  }),
  checkout: apiRoute({
    method: 'POST',
    path: '/plans/create-checkout-session/',
    body: CheckoutSessionSchema,
    answer: CheckoutAnswerSchema,
  }),
  portal: apiRoute({ method: 'GET', path: '/plans/get-customer-portal-url/', answer: PortalAnswerSchema }),
  notifications: apiRoute({ method: 'GET', path: '/notifications/', answer: NotificationListSchema }),
}
