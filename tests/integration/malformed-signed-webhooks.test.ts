// The malformed-input walk for the routes a provider signs (tests/support/signed-webhook-routes.ts):
// every kind of message each takes, and one it does not, with bodies of the wrong shape, each field
// wrong or missing, and nesting 16,000 levels deep, all under a valid signature. Whatever a route
// answers, it is never a 5xx: a signed body is still outside input.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startFakeStripe, stripeConfigFor, type FakeStripe } from '../support/fake-stripe.ts'
import { signedProbesFor, signedWebhookRoutes, type SignedWebhookRoute } from '../support/signed-webhook-routes.ts'
import { API_SECRET, startEmbeddedAppTestbed, type EmbeddedAppTestbed } from './shopify/embedded-app-testbed.ts'

let fakeStripe: FakeStripe
let bed: EmbeddedAppTestbed
let routes: SignedWebhookRoute[]
const META = {
  appSecret: 'signed-walk-meta-app-secret',
  phoneNumberId: '1065432198765',
  pageId: '2222333344445',
  instagramAccountId: '17841400000000001',
}
beforeAll(async () => {
  fakeStripe = await startFakeStripe()
  bed = await startEmbeddedAppTestbed({
    store: 'signed-walk',
    profile: { name: 'Signed Walk', email: 'owner@signed-walk.example', primaryDomain: 'https://signed-walk.example' },
    // The webhooks' jobs are not the walk's concern: only what the routes answer.
    config: {
      ...stripeConfigFor(fakeStripe),
      WORKER_IN_SERVER: 'false',
      META_APP_SECRET: META.appSecret,
      META_VERIFY_TOKEN: 'signed-walk-verify-token',
    },
  })
  // A number, a Page and an Instagram account connected to an agent, so Meta's deliveries reach storage.
  const { prisma } = bed.testDatabase.database
  const account = await prisma.user.create({ data: { email: 'meta@signed-walk.example', fullName: 'Meta Walk' } })
  const agent = await prisma.agent.create({ data: { accountId: account.id, name: 'Signed walk agent' } })
  for (const [kind, externalId] of [
    ['whatsapp', META.phoneNumberId],
    ['messenger', META.pageId],
    ['instagram', META.instagramAccountId],
  ] as const)
    await prisma.messagingChannel.create({
      data: { accountId: account.id, agentId: agent.id, kind, externalId, displayName: kind, sealedAccessToken: 'x' },
    })
  routes = signedWebhookRoutes({
    stripeWebhookSecret: fakeStripe.webhookSecret,
    shopifyApiSecret: API_SECRET,
    shop: bed.shop,
    meta: META,
  })
}, 600_000)
afterAll(async () => {
  await bed?.close()
  await fakeStripe?.close()
})

describe('the malformed-input walk over signed webhooks', () => {
  it('covers Stripe, both of Shopify’s webhook addresses and Meta’s', () => {
    expect(routes.map((route) => route.path)).toEqual([
      '/api/plans/webhook/',
      '/shopify/webhooks',
      '/shopify/webhooks/compliance',
      '/api/channels/meta/webhook/',
    ])
  })

  it('answers every hostile body under a valid signature without a 5xx', async () => {
    const failures: string[] = []
    const answeredOk = new Set<string>()
    const sends = routes.flatMap((route) =>
      [...route.kinds, route.otherKind].flatMap((kind) =>
        signedProbesFor(route, kind).map((probe) => ({ route, kind, probe })),
      ),
    )
    // Eight at a time: the server waits on its database between probes, and one at a time took minutes.
    const send = async ({ route, kind, probe }: (typeof sends)[number]) => {
      const response = await bed
        .request()
        .post(route.path)
        .set('Content-Type', 'application/json')
        .set(route.sign(probe.body, kind))
        .send(probe.body)
        .catch((error: Error) => ({ status: 599, text: error.message }))
      if (response.status >= 500)
        failures.push(`${route.label} ${kind} [${probe.label}] → ${response.status} ${response.text.slice(0, 200)}`)
      if (response.status < 300 && probe.label === 'the good body' && kind !== route.otherKind)
        answeredOk.add(`${route.label} ${kind}`)
    }
    for (let start = 0; start < sends.length; start += 8) await Promise.all(sends.slice(start, start + 8).map(send))
    expect(failures).toEqual([])
    // The good bodies were taken, so the signatures hold and each bad one was tried past them.
    expect([...answeredOk].sort()).toEqual(
      routes.flatMap((route) => route.kinds.map((kind) => `${route.label} ${kind}`)).sort(),
    )
  }, 900_000)
})
