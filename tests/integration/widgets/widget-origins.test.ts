import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer, type SignedUp } from '../../support/accounts.ts'
import type { ChatTestbed } from '../../support/chat-testbed.ts'
import type { TestApp } from '../../support/create-test-app.ts'
import { newIntegration, SITE, start, startWidgetTestbed, visitor } from '../../support/widget-visitors.ts'

// Issue 36, item 6: an integration's domain names a scheme and a port as well as a host. A bare host
// means https on 443; http or another port only when the domain names them. A visitor's token is bound
// to the whole origin it was issued to, scheme and port included.
let testApp: TestApp
let owner: SignedUp
let agentId: string
let testbed: ChatTestbed

beforeAll(async () => {
  testbed = await startWidgetTestbed()
  ;({ testApp, owner, agentId } = testbed)
})
afterAll(async () => testbed.close())

const REFUSED = 'This website is not allowed to use this chat widget.'
const statusFrom = async (clientKey: string, origin: string) => (await start(testApp, clientKey, origin)).status

/** A row as the server held it before schemes counted: written straight to the database. */
async function existingIntegration(websiteDomain: string) {
  const row = await testApp.database.prisma.widgetIntegration.create({
    data: {
      accountId: owner.userId,
      agentId,
      clientKey: `wk_${randomBytes(18).toString('base64url')}`,
      websiteName: 'Old shop',
      websiteDomain,
      startMessage: 'Hi',
    },
  })
  return row.clientKey
}

describe('the scheme and port of a widget integration’s domain', () => {
  it('a bare host takes https pages on 443 only: http and other ports are refused', async () => {
    const { client_key } = await newIntegration(testbed, { website_domain: 'shop.example.com' })
    const refused = await start(testApp, client_key, 'http://shop.example.com')
    expect(refused.status).toBe(403)
    expect(refused.body.message).toBe(REFUSED)
    expect(await statusFrom(client_key, 'https://shop.example.com:8443')).toBe(403)
    expect(await statusFrom(client_key, 'http://shop.example.com:443')).toBe(403)
    expect(await statusFrom(client_key, 'http://shop.example.com:8080')).toBe(403)
    expect(await statusFrom(client_key, 'https://shop.example.com:443')).toBe(201)
    expect(await statusFrom(client_key, 'https://shop.example.com')).toBe(201)
    const viaReferer = await testApp.request
      .post('/api/conversations/api/start-chat-widget/')
      .set('Referer', 'http://shop.example.com/products/1')
      .send({ client_key })
    expect(viaReferer.status).toBe(403)
  })

  it('a developer’s http://localhost:8080 is taken from that origin only', async () => {
    const created = await newIntegration(testbed, { website_domain: 'HTTP://LocalHost:8080/' })
    expect(created.website_domain).toBe('http://localhost:8080')
    expect(await statusFrom(created.client_key, 'http://localhost:8080')).toBe(201)
    expect(await statusFrom(created.client_key, 'https://localhost:8080')).toBe(403)
    expect(await statusFrom(created.client_key, 'http://localhost:8081')).toBe(403)
    expect(await statusFrom(created.client_key, 'http://localhost')).toBe(403)
  })

  it('an https domain on another port is taken from that port only', async () => {
    const created = await newIntegration(testbed, { website_domain: 'https://shop.example.com:8443' })
    expect(created.website_domain).toBe('shop.example.com:8443')
    expect(await statusFrom(created.client_key, 'https://shop.example.com:8443')).toBe(201)
    expect(await statusFrom(created.client_key, 'http://shop.example.com:8443')).toBe(403)
    expect(await statusFrom(created.client_key, SITE)).toBe(403)
  })

  it('subdomains, where allowed, keep the domain’s scheme and port', async () => {
    const relaxed = await newIntegration(testbed, { allow_subdomains: true })
    expect(await statusFrom(relaxed.client_key, 'https://eu.shop.example.com')).toBe(201)
    expect(await statusFrom(relaxed.client_key, 'http://eu.shop.example.com')).toBe(403)
    expect(await statusFrom(relaxed.client_key, 'https://eu.shop.example.com:8443')).toBe(403)
    const local = await newIntegration(testbed, { website_domain: 'http://dev.test:3000', allow_subdomains: true })
    expect(await statusFrom(local.client_key, 'http://eu.dev.test:3000')).toBe(201)
    expect(await statusFrom(local.client_key, 'https://eu.dev.test:3000')).toBe(403)
  })

  it('a visitor’s token and refresh token are refused from an origin that differs only by scheme or port', async () => {
    const { client_key } = await newIntegration(testbed)
    const { session, conversationId } = await visitor(testApp, client_key)
    for (const origin of ['http://shop.example.com', 'https://shop.example.com:8443']) {
      const message = await testApp.request
        .post(`/api/conversations/api/chat/${conversationId}/`)
        .set({ Authorization: `Bearer ${session.token}`, Origin: origin })
        .send({ message_text: 'Hello' })
      expect(message.status).toBe(403)
      expect(message.body.message).toBe(REFUSED)
      const refreshed = await testApp.request
        .post('/api/conversations/api/tokens/refresh/')
        .set('Origin', origin)
        .send({ refresh_token: session.refresh_token })
      expect(refreshed.status).toBe(403)
    }
    const same = await testApp.request
      .get(`/api/conversations/api/chat/${conversationId}/`)
      .set({ Authorization: `Bearer ${session.token}`, Origin: SITE })
    expect(same.status).toBe(200)
  })

  it('a token issued on http://localhost:8080 is refused there once the domain says https', async () => {
    const created = await newIntegration(testbed, { website_domain: 'http://localhost:8080' })
    const { session, conversationId } = await visitor(testApp, created.client_key, 'http://localhost:8080')
    const update = await testApp.request
      .put(`/api/agents/${agentId}/integrations/frontend/${created.integration_id}/`)
      .set(bearer(owner.access))
      .send({ website_domain: 'localhost:8080' })
    expect(update.status).toBe(200)
    const messages = await testApp.request
      .get(`/api/conversations/api/chat/${conversationId}/`)
      .set({ Authorization: `Bearer ${session.token}`, Origin: 'http://localhost:8080' })
    expect(messages.status).toBe(403)
  })

  it('existing rows keep working on https and 443, and one naming a port means https on it', async () => {
    const bare = await existingIntegration('shop.example.com')
    expect(await statusFrom(bare, SITE)).toBe(201)
    expect(await statusFrom(bare, 'https://shop.example.com:443')).toBe(201)
    expect(await statusFrom(bare, 'http://shop.example.com')).toBe(403)
    const withPort = await existingIntegration('shop.example.com:8443')
    expect(await statusFrom(withPort, 'https://shop.example.com:8443')).toBe(201)
    expect(await statusFrom(withPort, 'http://shop.example.com:8443')).toBe(403)
  })

  it('stores one short form per origin and refuses other schemes, paths and bad ports with the message', async () => {
    const stored = async (website_domain: string) => (await newIntegration(testbed, { website_domain })).website_domain
    expect(await stored('HTTPS://Shop.Example.com:443/')).toBe('shop.example.com')
    expect(await stored('shop.example.com:443')).toBe('shop.example.com')
    expect(await stored('http://shop.example.com:80')).toBe('http://shop.example.com')
    expect(await stored('shop.example.com:08443')).toBe('shop.example.com:8443')
    for (const website_domain of [
      'ftp://shop.example.com',
      'http://shop.example.com/shop',
      'http://a.com:0',
      '//a.com',
    ]) {
      const response = await testApp.request
        .post(`/api/agents/${agentId}/integrations/frontend/`)
        .set(bearer(owner.access))
        .send({ website_name: 'Shop', website_domain })
      expect(response.status, website_domain).toBe(400)
      expect(response.body.message).toBe(
        'Website domain must be a host name such as shop.example.com, or an origin such as http://localhost:8080',
      )
    }
  })
})
