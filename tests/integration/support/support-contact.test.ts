// Issue 37 item 12: the support e-mail and phone the screens show are the operator's (SUPPORT_EMAIL,
// SUPPORT_PHONE), served without sign-in; unset, the answer says so (null) and the screens show none.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SupportContactSchema } from '../../../server/support/support-contact.schemas.ts'
import { createTestApp, type TestApp } from '../../support/create-test-app.ts'

let configured: TestApp
let bare: TestApp

beforeAll(async () => {
  configured = await createTestApp({ SUPPORT_EMAIL: 'help@desk.example', SUPPORT_PHONE: ' +20 100 123 4567 ' })
  bare = await createTestApp()
})
afterAll(async () => {
  await configured?.cleanup()
  await bare?.cleanup()
})

describe('GET /api/support-contact/', () => {
  it('answers the configured e-mail and phone to anyone, cacheable', async () => {
    const answer = await configured.request.get('/api/support-contact/')
    expect(answer.status).toBe(200)
    expect(SupportContactSchema.parse(answer.body)).toEqual({ email: 'help@desk.example', phone: '+20 100 123 4567' })
    expect(answer.headers['cache-control']).toBe('public, max-age=300')
  })

  it('answers null for what is not configured, never a made-up address', async () => {
    const answer = await bare.request.get('/api/support-contact/')
    expect(answer.status).toBe(200)
    expect(SupportContactSchema.parse(answer.body)).toEqual({ email: null, phone: null })
  })
})
