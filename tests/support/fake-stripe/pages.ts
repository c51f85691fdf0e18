// The pages a customer visits: hosted Checkout (a Pay button) and the billing portal.
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { FakeStripeControls } from './controls.ts'
import type { FakeStripeState } from './state.ts'

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`)

export function answerPage(
  state: FakeStripeState,
  controls: FakeStripeControls,
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
) {
  const page = (title: string, body: string) => {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' })
    res.end(
      `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body><h1>${escapeHtml(title)}</h1>${body}</body></html>`,
    )
  }
  const checkout = /^\/checkout\/([^/]+)(\/pay)?$/.exec(path)
  const session = checkout?.[1] ? state.checkoutSessions.get(checkout[1]) : undefined
  if (checkout && session && req.method === 'POST' && checkout[2] && session.status === 'open') {
    controls.completeCheckout(session.id)
    res.writeHead(303, {
      Location: (session.success_url ?? state.baseUrl).replace('{CHECKOUT_SESSION_ID}', session.id),
    })
    return res.end()
  }
  if (checkout && session && req.method === 'GET' && !checkout[2]) {
    const amount = `${((session.amount_total ?? 0) / 100).toFixed(2)} ${(session.currency ?? '').toUpperCase()}`
    const cancel = session.cancel_url ? `<a href="${escapeHtml(session.cancel_url)}">Back</a>` : ''
    return page(
      'Fake Stripe Checkout',
      `<p>Subscribe: ${escapeHtml(amount)} per period</p><form method="post" action="/checkout/${escapeHtml(session.id)}/pay"><button type="submit">Pay</button></form>${cancel}`,
    )
  }
  const portal = /^\/billing_portal\/([^/]+)$/.exec(path)
  const portalSession = portal?.[1] ? state.portalSessions.get(portal[1]) : undefined
  if (portalSession && req.method === 'GET') {
    const back = portalSession.return_url ? `<a href="${escapeHtml(portalSession.return_url)}">Return</a>` : ''
    return page('Fake Stripe billing portal', `<p>Customer ${escapeHtml(portalSession.customer)}</p>${back}`)
  }
  res.writeHead(404, { 'Content-Type': 'text/plain' })
  res.end('Not found (fake Stripe)')
}
