// POST /v1/billing_portal/sessions: a link to the customer's billing portal page.
import type Stripe from 'stripe'
import { required, textOf } from './form-params.ts'
import { newId, nowSeconds } from './ids.ts'
import { requireObject, type FakeStripeState } from './state.ts'
import type { FormParams, Wire } from './wire.ts'

export function createPortalSession(state: FakeStripeState, params: FormParams): Wire<Stripe.BillingPortal.Session> {
  const customer = required(params, 'customer')
  requireObject(state.customers, 'customer', customer, 'customer')
  const id = newId('bps')
  const session: Wire<Stripe.BillingPortal.Session> = {
    id,
    object: 'billing_portal.session',
    configuration: 'bpc_fake_default',
    created: nowSeconds(),
    customer,
    customer_account: null,
    flow: null,
    livemode: false,
    locale: null,
    on_behalf_of: null,
    return_url: textOf(params.return_url) ?? null,
    url: `${state.baseUrl}/billing_portal/${id}`,
  }
  state.portalSessions.set(id, session)
  return session
}
