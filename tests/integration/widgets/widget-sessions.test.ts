import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer, type SignedUp } from '../../support/accounts.ts'
import type { ChatTestbed } from '../../support/chat-testbed.ts'
import { createAgentFor } from '../../support/knowledge.ts'
import type { TestApp } from '../../support/create-test-app.ts'
import { newIntegration, SITE, start, startWidgetTestbed } from '../../support/widget-visitors.ts'

// Starting a widget session: which pages may, what they get, and the public configuration.
let testApp: TestApp
let owner: SignedUp
let agentId: string
let testbed: ChatTestbed

beforeAll(async () => {
  testbed = await startWidgetTestbed()
  ;({ testApp, owner, agentId } = testbed)
})
afterAll(async () => testbed.close())

describe('starting a session', () => {
  it('gives an allowed page a token, a refresh token, a visitor id and the public configuration', async () => {
    const { client_key } = await newIntegration(testbed, { bot_name: 'Sam', widget_color: '#112233' })
    const response = await start(testApp, client_key)
    expect(response.status).toBe(201)
    expect(response.headers['access-control-allow-origin']).toBe(SITE)
    expect(response.body).toMatchObject({
      expires_in: 900,
      configuration: {
        client_key,
        bot_name: 'Sam',
        widget_color: '#112233',
        agent_name: 'Shop helper',
        start_message: 'Hello! How can I help you today?',
      },
    })
    expect(response.body.visitor_id).toMatch(/^v_/)
    expect(response.body.refresh_token).toMatch(/^wr_/)
    expect(JSON.stringify(response.body.configuration)).not.toContain('shop.example.com')
  })

  it('refuses a page of another site, one without Origin or Referer, and takes the Referer when Origin is missing', async () => {
    const { client_key } = await newIntegration(testbed)
    expect((await start(testApp, client_key, 'https://evil.example.net')).body.message).toBe(
      'This website is not allowed to use this chat widget.',
    )
    expect((await start(testApp, client_key, 'https://shop.example.com.evil.net')).status).toBe(403)
    expect((await start(testApp, client_key, null)).status).toBe(403)
    const viaReferer = await testApp.request
      .post('/api/conversations/api/start-chat-widget/')
      .set('Referer', `${SITE}/products/1?x=y`)
      .send({ client_key })
    expect(viaReferer.status).toBe(201)
  })

  it('takes a sandboxed frame’s "null" origin as no origin, whatever its Referer says', async () => {
    const { client_key } = await newIntegration(testbed)
    const response = await testApp.request
      .post('/api/conversations/api/start-chat-widget/')
      .set('Origin', 'null')
      .set('Referer', `${SITE}/page`)
      .send({ client_key })
    expect(response.status).toBe(403)
  })

  it('matches a domain written with the default port', async () => {
    const { client_key } = await newIntegration(testbed, { website_domain: 'shop.example.com:443' })
    expect((await start(testApp, client_key)).status).toBe(201)
    expect((await start(testApp, client_key, 'https://shop.example.com:8443')).status).toBe(403)
  })

  it('refuses a NUL character with a 400, not a 500', async () => {
    expect((await testApp.request.get('/api/widget-configurations/?client_key=%00').set('Origin', SITE)).status).toBe(
      400,
    )
  })

  it('allows subdomains only when the integration says so', async () => {
    const strict = await newIntegration(testbed)
    const relaxed = await newIntegration(testbed, { allow_subdomains: true })
    expect((await start(testApp, strict.client_key, 'https://eu.shop.example.com')).status).toBe(403)
    expect((await start(testApp, relaxed.client_key, 'https://eu.shop.example.com')).status).toBe(201)
  })

  it('refuses an unknown key, an inactive integration and an inactive agent alike', async () => {
    expect((await start(testApp, 'wk_unknown')).body.message).toBe('This chat widget is not available.')
    const inactive = await newIntegration(testbed)
    await testApp.request
      .put(`/api/agents/${agentId}/integrations/frontend/${inactive.integration_id}/`)
      .set(bearer(owner.access))
      .send({ is_active: false })
    expect((await start(testApp, inactive.client_key)).status).toBe(404)
    const otherAgent = await createAgentFor(testApp, owner, 'Resting')
    const resting = await testApp.request
      .post(`/api/agents/${otherAgent}/integrations/frontend/`)
      .set(bearer(owner.access))
      .send({ website_name: 'S', website_domain: 'shop.example.com' })
    await testApp.request.put(`/api/agents/${otherAgent}/update/`).set(bearer(owner.access)).send({ is_active: false })
    expect((await start(testApp, resting.body.client_key)).status).toBe(404)
  })

  it('answers a preflight from any page without credentials', async () => {
    const response = await testApp.request
      .options('/api/conversations/api/chat/x/')
      .set('Origin', 'https://anywhere.example')
      .set('Access-Control-Request-Method', 'POST')
    expect(response.status).toBe(204)
    expect(response.headers['access-control-allow-headers']).toContain('Authorization')
    expect(response.headers['access-control-allow-credentials']).toBeUndefined()
  })

  it('serves the public configuration to the integration’s own site only', async () => {
    const { client_key } = await newIntegration(testbed)
    expect(
      (await testApp.request.get('/api/widget-configurations/').query({ client_key }).set('Origin', SITE)).body
        .client_key,
    ).toBe(client_key)
    expect(
      (
        await testApp.request
          .get('/api/widget-configurations/')
          .query({ client_key })
          .set('Origin', 'https://evil.example')
      ).status,
    ).toBe(403)
  })
})
