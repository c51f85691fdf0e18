import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  EmailSetupSchema,
  GoogleAvailabilitySchema,
  SignInAnswerSchema,
  UserViewSchema,
} from '../../../server/accounts/accounts.schemas.ts'
import {
  CancelledSubscriptionSchema,
  NotificationListSchema,
  PlanCatalogueSchema,
  PlanRefusalSchema,
  SubscriptionHistoryEntrySchema,
  SubscriptionSchema,
} from '../../../server/billing/billing.schemas.ts'
import { bearer, signUp, type SignedUp } from '../../support/accounts.ts'
import { createTestApp, type TestApp } from '../../support/create-test-app.ts'

// The dashboard types the billing and account calls' answers with billing.schemas.ts and
// accounts.schemas.ts instead of copies: every answer must match those schemas exactly.
let testApp: TestApp
let owner: SignedUp
beforeAll(async () => {
  testApp = await createTestApp({ WORKER_IN_SERVER: 'false', BILLING_MODE: 'enforced' })
  owner = await signUp(testApp)
})
afterAll(() => testApp.cleanup())

const get = (path: string) => testApp.request.get(`/api${path}`).set(bearer(owner.access))

describe('the billing and accounts contract', () => {
  it('the plans, the subscription, its history, the bell and a cancel answer exactly their views', async () => {
    const catalogue = PlanCatalogueSchema.parse((await testApp.request.get('/api/subscriptions/plans/')).body)
    expect(catalogue.plans).toHaveLength(7)
    const subscription = SubscriptionSchema.parse((await get('/plans/get-user-subscription/')).body)
    expect(subscription.status).toBe('trialing')
    expect(SubscriptionSchema.parse((await get('/subscriptions/current/')).body.subscription).plan_id).toBe(
      subscription.plan_id,
    )
    const history = (await get('/plans/get-user-subscription-history/')).body.subscriptions as unknown[]
    expect(history.map((entry) => SubscriptionHistoryEntrySchema.parse(entry).status)).toEqual(['trialing'])
    NotificationListSchema.parse((await get('/notifications/')).body)
    const cancelled = await testApp.request
      .post('/api/plans/cancel-user-subscription/')
      .set(bearer(owner.access))
      .send({ subscription_id: subscription.subscription_id, immediate: false })
    expect(CancelledSubscriptionSchema.parse(cancelled.body).subscription.cancel_at_period_end).toBe(true)
  })

  it('a plan refusal carries the fields the dashboard shows', async () => {
    const limit = SubscriptionSchema.parse((await get('/plans/get-user-subscription/')).body).features_limit.agents
    let refused
    for (let made = 0; made <= (limit ?? 0) && !refused; made++) {
      const answer = await testApp.request
        .post('/api/agents/create/')
        .set(bearer(owner.access))
        .send({ name: `Agent ${made}` })
      if (answer.status === 402) refused = answer.body
    }
    expect(PlanRefusalSchema.parse(refused)).toMatchObject({ error: 'PLAN_LIMIT_REACHED', limit })
  })

  it('signing up, signing in, the profile, Google and e-mail set-up answer exactly their views', async () => {
    const email = `contract-${Date.now()}@example.com`
    const password = 'Contract-pass-123'
    const registered = await testApp.request
      .post('/api/accounts/register/')
      .send({ email, password, full_name: 'Contract Person' })
    expect(registered.status).toBe(201)
    expect(SignInAnswerSchema.parse(registered.body).user.email).toBe(email)
    const signedIn = SignInAnswerSchema.parse(
      (await testApp.request.post('/api/accounts/login/').send({ email, password })).body,
    )
    const profile = await testApp.request.get('/api/accounts/profile/').set(bearer(signedIn.tokens.access))
    expect(UserViewSchema.parse(profile.body).full_name).toBe('Contract Person')
    expect(GoogleAvailabilitySchema.parse((await testApp.request.get('/api/accounts/google-login/')).body)).toEqual({
      enabled: false,
    })
    expect(EmailSetupSchema.parse((await testApp.request.get('/api/accounts/email-setup/')).body).email_delivery).toBe(
      'log',
    )
    expect(UserViewSchema.safeParse({ ...profile.body, surprise: 1 }).success).toBe(false)
  })
})
