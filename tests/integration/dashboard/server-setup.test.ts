// @database-specific: reports the vector search mode, which depends on the database
// Issue 19: what the server is set up with, for Settings' "No AI model" notice: the model's name or null,
// whether passages get vectors, the billing mode; for signed-in users only, never an address or a key.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ServerSetupSchema } from '../../../server/stats/server-setup.ts'
import { bearer, signUp } from '../../support/accounts.ts'
import { createTestApp, type TestApp } from '../../support/create-test-app.ts'
import { startFakeLlm } from '../../support/fake-llm.ts'

describe('GET /api/dashboard/api/server-setup/', () => {
  let plain: TestApp
  let withModel: TestApp
  let llm: Awaited<ReturnType<typeof startFakeLlm>>
  beforeAll(async () => {
    llm = await startFakeLlm()
    plain = await createTestApp()
    withModel = await createTestApp({ ...llm.config, BILLING_MODE: 'enforced' })
  })
  afterAll(async () => {
    await plain.cleanup()
    await withModel.cleanup()
    await llm.close()
  })

  it('says no model answers on a server without one', async () => {
    const account = await signUp(plain)
    const setup = await plain.request.get('/api/dashboard/api/server-setup/').set(bearer(account.access))
    expect(setup.status).toBe(200)
    expect(ServerSetupSchema.parse(setup.body)).toEqual({
      ai_model: null,
      embeddings: false,
      billing_mode: 'unlimited',
      email_delivery: 'log',
    })
    expect((await plain.request.get('/api/dashboard/api/server-setup/')).status).toBe(401)
  })

  it('names the model, and nothing of how it is reached', async () => {
    const account = await signUp(withModel)
    const setup = await withModel.request.get('/api/dashboard/api/server-setup/').set(bearer(account.access))
    expect(setup.body).toEqual({
      ai_model: 'fake-chat-1',
      embeddings: false,
      billing_mode: 'enforced',
      email_delivery: 'log',
    })
    expect(JSON.stringify(setup.body)).not.toContain('llm-key')
    expect(JSON.stringify(setup.body)).not.toContain(llm.config.LLM_BASE_URL)
  })
})
