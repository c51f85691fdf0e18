// The fake Stripe's HTTP server: API calls under /v1/, customer pages elsewhere, around one shared state.
import { sendJson, startLocalServer } from '../local-http-server.ts'
import { answerApi } from './answer-api.ts'
import { createControls } from './controls.ts'
import { parseForm } from './form-params.ts'
import { answerPage } from './pages.ts'
import { createState } from './state.ts'
import type { FakeStripeOptions, FakeStripeRequest } from './wire.ts'

export async function startFakeStripe(options: FakeStripeOptions = {}) {
  const state = createState(options)
  const controls = createControls(state)

  const server = await startLocalServer((req, res, body) => {
    const url = new URL(req.url ?? '/', 'http://fake-stripe')
    if (!url.pathname.startsWith('/v1/')) return answerPage(state, controls, req, res, url.pathname)
    const params = { ...parseForm(url.search.slice(1)), ...parseForm(body.toString()) }
    const request: FakeStripeRequest = {
      method: req.method ?? 'GET',
      path: url.pathname,
      params,
      headers: req.headers,
      status: 0,
    }
    state.requests.push(request)
    const { status, body: answer } = answerApi(state, req, res, url, params)
    request.status = status
    sendJson(res, status, answer)
  })
  state.baseUrl = server.url

  return {
    url: server.url,
    port: Number(new URL(server.url).port),
    secretKey: state.secretKey,
    webhookSecret: state.webhookSecret,
    requests: state.requests,
    events: state.events,
    customers: state.customers,
    products: state.products,
    prices: state.prices,
    checkoutSessions: state.checkoutSessions,
    portalSessions: state.portalSessions,
    subscriptions: state.subscriptions,
    invoices: state.invoices,
    ...controls,
    close: () => server.close(),
  }
}

export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>

/** The server's environment for talking to the fake, as config.schemas.ts reads it. */
export function stripeConfigFor(fake: FakeStripe) {
  return { STRIPE_SECRET_KEY: fake.secretKey, STRIPE_WEBHOOK_SECRET: fake.webhookSecret, STRIPE_API_URL: fake.url }
}
