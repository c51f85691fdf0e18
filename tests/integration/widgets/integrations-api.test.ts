import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer, signUp, type SignedUp } from '../../support/accounts.ts'
import { createTestApp, type TestApp } from '../../support/create-test-app.ts'
import { solidPng } from '../../support/image-fixtures.ts'
import { createAgentFor } from '../../support/knowledge.ts'

let testApp: TestApp
let owner: SignedUp
let agentId: string

beforeAll(async () => {
  testApp = await createTestApp()
  owner = await signUp(testApp)
  agentId = await createAgentFor(testApp, owner, 'Widget agent')
})
afterAll(async () => testApp.cleanup())

const base = () => `/api/agents/${agentId}/integrations/frontend/`

describe('widget integrations', () => {
  it('creates one from the multipart form with the SPEC defaults, a client key and a public logo', async () => {
    const response = await testApp.request
      .post(base())
      .set(bearer(owner.access))
      .field('website_name', 'My Shop')
      .field('website_domain', 'HTTPS://Shop.Example.com/')
      .field('auto_open_chat', 'true')
      .attach('website_logo', solidPng(), 'logo.png')
    expect(response.status).toBe(201)
    expect(response.body).toMatchObject({
      message: 'Widget integration created successfully!',
      agent_id: agentId,
      website_name: 'My Shop',
      website_domain: 'shop.example.com',
      start_message: 'Hello! How can I help you today?',
      widget_position: 'bottom-right',
      widget_color: '#6366f1',
      bot_name: 'Assistant',
      auto_open_chat: true,
      collect_user_email: false,
      enable_attachments: true,
      show_branding: true,
      is_active: true,
    })
    expect(response.body.client_key).toMatch(/^wk_[A-Za-z0-9_-]{24}$/)
    const logo = await testApp.request.get(response.body.website_logo)
    expect(logo.status).toBe(200)
    expect(logo.headers['content-type']).toBe('image/png')
    expect(logo.headers['cross-origin-resource-policy']).toBe('cross-origin')
  })

  it.each([
    [{ website_domain: 'a.com' }, 'Website name is required'],
    [{ website_name: 'A' }, 'Website domain is required'],
    [
      { website_name: 'A', website_domain: 'https://a.com/path' },
      'Website domain must be a host name such as shop.example.com, or an origin such as http://localhost:8080',
    ],
    [
      { website_name: 'A', website_domain: 'shop.example.com:99999' },
      'Website domain must be a host name such as shop.example.com, or an origin such as http://localhost:8080',
    ],
    [
      { website_name: 'A', website_domain: 'shop.example.com:0' },
      'Website domain must be a host name such as shop.example.com, or an origin such as http://localhost:8080',
    ],
    [{ website_name: 'Tab\tname', website_domain: 'a.com' }, 'Website name must be a single line of text'],
    [
      { website_name: 'A', website_domain: 'a.com', bot_name: 'Bo\u001b[1mt' },
      'Bot name must be a single line of text',
    ],
    [
      { website_name: 'A', website_domain: 'a.com', start_message: 'Hi\u0007' },
      'Start message has characters that are not text',
    ],
    [{ website_name: 'A', website_domain: 'a.com', widget_color: 'red' }, 'Must be a valid hex color code'],
    [{ website_name: 'A', website_domain: 'a.com', widget_color: '#12345' }, 'Must be a valid hex color code'],
    [
      { website_name: 'A', website_domain: 'a.com', widget_position: 'middle' },
      'Position must be bottom-right, bottom-left, top-right or top-left',
    ],
    [{ website_name: 'A', website_domain: 'a.com', bot_name: ' ' }, 'Bot name is required'],
    [{ website_name: 'A', website_domain: 'a.com', start_message: '' }, 'Start message is required'],
  ])('refuses %j with the SPEC message', async (body, message) => {
    const response = await testApp.request.post(base()).set(bearer(owner.access)).send(body)
    expect(response.status).toBe(400)
    expect(response.body.message).toBe(message)
  })

  it('accepts a 3-digit colour and refuses a logo that is not an image', async () => {
    expect(
      (
        await testApp.request
          .post(base())
          .set(bearer(owner.access))
          .send({ website_name: 'A', website_domain: 'a.com', widget_color: '#abc' })
      ).status,
    ).toBe(201)
    const svg = await testApp.request
      .post(base())
      .set(bearer(owner.access))
      .field('website_name', 'A')
      .field('website_domain', 'a.com')
      .attach('website_logo', Buffer.from('<svg onload="alert(1)"/>'), 'logo.png')
    expect(svg.status).toBe(415)
  })

  it('keeps a port up to 65535, and a start message over several lines', async () => {
    const response = await testApp.request
      .post(base())
      .set(bearer(owner.access))
      .send({ website_name: 'Dev', website_domain: 'localhost:65535', start_message: 'Hello!\nAsk me anything.' })
    expect(response.status).toBe(201)
    expect(response.body).toMatchObject({
      website_domain: 'localhost:65535',
      start_message: 'Hello!\nAsk me anything.',
    })
  })

  it('refuses a NUL character in a multipart field with a 400, never a 500', async () => {
    const created = await testApp.request
      .post(base())
      .set(bearer(owner.access))
      .send({ website_name: 'Nul', website_domain: 'nul.example.com' })
    for (const request of [
      testApp.request
        .post(base())
        .set(bearer(owner.access))
        .field('website_name', 'A\u0000B')
        .field('website_domain', 'a.com'),
      testApp.request
        .put(`${base()}${created.body.integration_id}/`)
        .set(bearer(owner.access))
        .field('start_message', 'Hi\u0000'),
    ]) {
      const response = await request
      expect(response.status).toBe(400)
      expect(response.body.message).toBe('The request contains a NUL character, which no field accepts.')
    }
  })

  it('answers 404 Integration not found for an integration id that is malformed, and takes its client key', async () => {
    const created = await testApp.request
      .post(base())
      .set(bearer(owner.access))
      .send({ website_name: 'Keyed', website_domain: 'keyed.example.com' })
    for (const id of [
      '0'.repeat(36),
      '-'.repeat(36),
      'abcdef01-2345-6789-abcd-ef0123456789a',
      '%00',
      `${created.body.integration_id}%00`,
      `${created.body.client_key}%00`,
      'wk_short',
    ]) {
      for (const response of [
        await testApp.request.put(`${base()}${id}/`).set(bearer(owner.access)).send({ bot_name: 'X' }),
        await testApp.request.delete(`${base()}${id}/delete/`).set(bearer(owner.access)),
      ]) {
        expect(response.status, id).toBe(404)
        expect(response.body.message).toBe('Integration not found')
      }
    }
    const byKey = await testApp.request
      .put(`${base()}${created.body.client_key}/`)
      .set(bearer(owner.access))
      .send({ bot_name: 'Keyed bot' })
    expect(byKey.status).toBe(200)
    expect(byKey.body.bot_name).toBe('Keyed bot')
  })

  it('lists, updates only what is sent, and deletes', async () => {
    const created = await testApp.request
      .post(base())
      .set(bearer(owner.access))
      .send({ website_name: 'Blog', website_domain: 'blog.example.com', bot_name: 'Bo' })
    const id = created.body.integration_id
    const updated = await testApp.request
      .put(`${base()}${id}/`)
      .set(bearer(owner.access))
      .send({ widget_position: 'top-left', is_active: false })
    expect(updated.body).toMatchObject({
      widget_position: 'top-left',
      is_active: false,
      bot_name: 'Bo',
      website_name: 'Blog',
    })
    const list = await testApp.request.get(base()).set(bearer(owner.access))
    expect(
      list.body.integrations.map((integration: { integration_id: string }) => integration.integration_id),
    ).toContain(id)
    const deleted = await testApp.request.delete(`${base()}${id}/`).set(bearer(owner.access))
    expect(deleted.body.message).toBe('The chat widget integration has been deleted successfully.')
    expect(
      (await testApp.request.put(`${base()}${id}/`).set(bearer(owner.access)).send({ bot_name: 'X' })).status,
    ).toBe(404)
  })
})
