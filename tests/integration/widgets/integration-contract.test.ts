import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { WidgetIntegrationListSchema, WidgetIntegrationViewSchema } from '../../../server/widgets/widgets.schemas.ts'
import { bearer, signUp, type SignedUp } from '../../support/accounts.ts'
import { createTestApp, type TestApp } from '../../support/create-test-app.ts'
import { solidPng } from '../../support/image-fixtures.ts'
import { createAgentFor } from '../../support/knowledge.ts'

// The dashboard types the widget integration calls' answers with widgets.schemas.ts instead of a copy.
let testApp: TestApp
let owner: SignedUp
let agentId: string
beforeAll(async () => {
  testApp = await createTestApp()
  owner = await signUp(testApp)
  agentId = await createAgentFor(testApp, owner, 'Contract widget agent')
})
afterAll(() => testApp.cleanup())

const base = () => `/api/agents/${agentId}/integrations/frontend/`

describe('the widget integrations contract', () => {
  it('create, update and list answer exactly the integration view', async () => {
    const created = await testApp.request
      .post(base())
      .set(bearer(owner.access))
      .field('website_name', 'Contract shop')
      .field('website_domain', 'shop.example.com')
      .attach('website_logo', solidPng(), 'logo.png')
    expect(created.status).toBe(201)
    const { message, ...answer } = created.body
    expect(message).toBe('Widget integration created successfully!')
    const integration = WidgetIntegrationViewSchema.parse(answer)
    expect(integration.website_logo).toMatch(/^\/api\/widget-logos\//)

    const updated = await testApp.request
      .put(`${base()}${integration.integration_id}/`)
      .set(bearer(owner.access))
      .send({ daily_token_budget: 5000, widget_position: 'top-left' })
    const { message: _said, ...change } = updated.body
    expect(WidgetIntegrationViewSchema.parse(change)).toMatchObject({
      daily_token_budget: 5000,
      widget_position: 'top-left',
    })
    const list = WidgetIntegrationListSchema.parse((await testApp.request.get(base()).set(bearer(owner.access))).body)
    expect(list.integrations.map((item) => item.integration_id)).toEqual([integration.integration_id])
  })

  it('refuses a shape with a field the server does not send, so the check can fail', async () => {
    const [integration] = WidgetIntegrationListSchema.parse(
      (await testApp.request.get(base()).set(bearer(owner.access))).body,
    ).integrations
    expect(WidgetIntegrationViewSchema.safeParse({ ...integration, surprise: 1 }).success).toBe(false)
    expect(WidgetIntegrationViewSchema.safeParse({ ...integration, widget_position: 'bottom_right' }).success).toBe(
      false,
    )
  })
})
