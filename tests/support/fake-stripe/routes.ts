// The API's routes: add one here when the app starts calling another Stripe endpoint.
import { createCheckoutSession } from './checkout-sessions.ts'
import { createCustomer, updateCustomer } from './customers.ts'
import { createPortalSession } from './portal-sessions.ts'
import { createPrice, listPrices } from './prices.ts'
import { createProduct } from './products.ts'
import { requireObject, type FakeStripeState } from './state.ts'
import { deleteSubscription, updateSubscription } from './subscription-changes.ts'
import type { FormParams, RequestOrigin } from './wire.ts'

type Handler = (state: FakeStripeState, params: FormParams, id: string, request: RequestOrigin) => unknown

export const routes: [method: string, pattern: RegExp, handler: Handler][] = [
  ['POST', /^\/v1\/customers$/, (state, params) => createCustomer(state, params)],
  ['GET', /^\/v1\/customers\/([^/]+)$/, (state, _params, id) => requireObject(state.customers, 'customer', id)],
  [
    'POST',
    /^\/v1\/customers\/([^/]+)$/,
    (state, params, id) => updateCustomer(requireObject(state.customers, 'customer', id), params),
  ],
  ['POST', /^\/v1\/products$/, (state, params) => createProduct(state, params)],
  ['GET', /^\/v1\/products\/([^/]+)$/, (state, _params, id) => requireObject(state.products, 'product', id)],
  ['GET', /^\/v1\/prices$/, (state, params) => listPrices(state, params)],
  ['POST', /^\/v1\/prices$/, (state, params) => createPrice(state, params)],
  ['GET', /^\/v1\/prices\/([^/]+)$/, (state, _params, id) => requireObject(state.prices, 'price', id)],
  ['POST', /^\/v1\/checkout\/sessions$/, (state, params) => createCheckoutSession(state, params)],
  [
    'GET',
    /^\/v1\/checkout\/sessions\/([^/]+)$/,
    (state, _params, id) => requireObject(state.checkoutSessions, 'checkout.session', id),
  ],
  ['POST', /^\/v1\/billing_portal\/sessions$/, (state, params) => createPortalSession(state, params)],
  [
    'GET',
    /^\/v1\/subscriptions\/([^/]+)$/,
    (state, _params, id) => requireObject(state.subscriptions, 'subscription', id),
  ],
  [
    'POST',
    /^\/v1\/subscriptions\/([^/]+)$/,
    (state, params, id, request) =>
      updateSubscription(state, requireObject(state.subscriptions, 'subscription', id), params, request),
  ],
  [
    'DELETE',
    /^\/v1\/subscriptions\/([^/]+)$/,
    (state, _params, id, request) =>
      deleteSubscription(state, requireObject(state.subscriptions, 'subscription', id), request),
  ],
  ['GET', /^\/v1\/invoices\/([^/]+)$/, (state, _params, id) => requireObject(state.invoices, 'invoice', id)],
]
