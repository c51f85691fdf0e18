import { SignJWT } from 'jose'
import { getJwt } from '@shopify/shopify-api/test-helpers'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { shopifyAdminSessionOf } from '../../../server/accounts/actor.ts'
import { changePassword } from '../../../server/accounts/change-password.ts'
import { linkShopAccount } from '../../../server/shopify/admin/link-shop-account.ts'
import { bearer, signUp } from '../../support/accounts.ts'
import { createTestApp, type TestApp } from '../../support/create-test-app.ts'

// The embedded app's screens call the JSON API with App Bridge's session token: it stands for the
// account that owns the shop's agents, on the data routes only, and only while the app is installed.
const API_KEY = 'api-token-test-key'
const API_SECRET = 'api-token-test-secret'
let testApp: TestApp
let withoutShopify: TestApp

const profile = { name: 'Copper Kettle', email: null, storefrontUrl: 'https://copper-kettle.example' }
const token = async (store: string, overrides: Record<string, unknown> = {}, secret = API_SECRET) =>
  (await getJwt(store, API_KEY, secret, overrides)).token

beforeAll(async () => {
  testApp = await createTestApp({
    SHOPIFY_API_KEY: API_KEY,
    SHOPIFY_API_SECRET: API_SECRET,
    PUBLIC_URL: 'https://agentdesk.example',
  })
  withoutShopify = await createTestApp()
  await linkShopAccount(testApp.database, {
    shopDomain: 'copper-kettle.myshopify.com',
    scopes: 'read_products',
    profile,
  })
  await linkShopAccount(testApp.database, {
    shopDomain: 'tin-kettle.myshopify.com',
    scopes: 'read_products',
    profile: { ...profile, name: 'Tin Kettle' },
  })
})

afterAll(async () => {
  await testApp?.cleanup()
  await withoutShopify?.cleanup()
})

describe('a Shopify admin session token on the API', () => {
  it("acts as the shop's account: creates and lists its agents and their knowledge, without a CSRF token", async () => {
    const auth = bearer(await token('copper-kettle'))
    const created = await testApp.request
      .post('/api/agents/create/')
      .set(auth)
      .send({ name: 'Kettle helper', visibility: 'private' })
    expect(created.status).toBe(201)
    const agentId = created.body.agent_id as string
    const shop = await testApp.database.prisma.shopifyShop.findUniqueOrThrow({
      where: { shopDomain: 'copper-kettle.myshopify.com' },
    })
    expect(await testApp.database.prisma.agent.findUniqueOrThrow({ where: { id: agentId } })).toMatchObject({
      accountId: shop.accountId,
    })

    const text = await testApp.request
      .post(`/api/agents/${agentId}/texts/create/`)
      .set(auth)
      .send({ text_title: 'Descaling', text_content: 'Descale the kettle monthly with citric acid.' })
    expect(text.status).toBe(201)
    const listed = await testApp.request.get('/api/agents/').set(auth)
    expect(listed.status).toBe(200)
    expect(listed.body.agents.map((agent: { name: string }) => agent.name)).toEqual(['Kettle helper'])
    const teams = await testApp.request.post('/api/accounts/team/create/').set(auth).send({ team_name: 'Store staff' })
    expect(teams.status).toBe(201)
  })

  it("another shop's token sees none of it, and cannot reach it by id", async () => {
    const copper = await testApp.request.get('/api/agents/').set(bearer(await token('copper-kettle')))
    const agentId = copper.body.agents[0].agent_id as string
    const tin = bearer(await token('tin-kettle'))
    expect((await testApp.request.get('/api/agents/').set(tin)).body.agents).toEqual([])
    expect((await testApp.request.get(`/api/agents/${agentId}/`).set(tin)).status).toBe(404)
    expect((await testApp.request.get(`/api/agents/${agentId}/texts/`).set(tin)).status).toBe(404)
    // Nor change it.
    expect(
      (await testApp.request.put(`/api/agents/${agentId}/update/`).set(tin).send({ name: 'Taken over' })).status,
    ).toBe(404)
    expect(
      (
        await testApp.request
          .post(`/api/agents/${agentId}/texts/create/`)
          .set(tin)
          .send({ text_title: 'Planted', text_content: 'Not yours to add.' })
      ).status,
    ).toBe(404)
    expect((await testApp.request.delete(`/api/agents/${agentId}/delete/`).set(tin)).status).toBe(404)
    const agent = await testApp.database.prisma.agent.findUniqueOrThrow({
      where: { id: agentId },
      select: { name: true, _count: { select: { texts: true } } },
    })
    expect(agent).toEqual({ name: 'Kettle helper', _count: { texts: 1 } })
  })

  it('a stray sign-in cookie beside the token changes nothing: the token alone authenticates, so no CSRF token is asked (decision 012)', async () => {
    const answer = await testApp.request
      .post('/api/agents/create/')
      .set(bearer(await token('copper-kettle')))
      .set('Cookie', 'access_token=some-cookie')
      .send({ name: 'Riding on a cookie' })
    expect(answer.status).toBe(201)
    const shop = await testApp.database.prisma.shopifyShop.findUniqueOrThrow({
      where: { shopDomain: 'copper-kettle.myshopify.com' },
    })
    expect(
      await testApp.database.prisma.agent.findFirstOrThrow({ where: { name: 'Riding on a cookie' } }),
    ).toMatchObject({ accountId: shop.accountId })
  })

  it('is refused when signed with another secret, expired, for another app, or naming one shop and issued by another', async () => {
    const now = Math.floor(Date.now() / 1000)
    const cases = [
      { auth: await token('copper-kettle', {}, 'not-the-secret'), reason: 'token_invalid' },
      { auth: await token('copper-kettle', { exp: now - 60 }), reason: 'token_expired' },
      { auth: await token('copper-kettle', { aud: 'another-app' }), reason: 'token_invalid' },
      {
        auth: await token('copper-kettle', { iss: 'https://tin-kettle.myshopify.com/admin' }),
        reason: 'token_invalid',
      },
      {
        auth: await token('copper-kettle', { dest: 'https://copper-kettle.myshopify.com.evil.example' }),
        reason: 'token_invalid',
      },
      { auth: await token('copper-kettle', { dest: 'http://copper-kettle.myshopify.com' }), reason: 'token_invalid' },
      {
        auth: await token('copper-kettle', { dest: 'https://copper-kettle.myshopify.com:8443' }),
        reason: 'token_invalid',
      },
      {
        auth: await token('copper-kettle', { dest: 'https://copper-kettle.myshopify.com/admin' }),
        reason: 'token_invalid',
      },
      { auth: await token('copper-kettle', { nbf: now + 120 }), reason: 'token_invalid' },
      { auth: await token('copper-kettle', { exp: undefined }), reason: 'token_invalid' },
    ]
    for (const { auth, reason } of cases) {
      const answer = await testApp.request.get('/api/agents/').set(bearer(auth))
      expect(answer.status, reason).toBe(401)
      expect(answer.body.reason).toBe(reason)
    }
    // Only HS256 with the app's secret: an unsigned token naming the shop gets nowhere.
    const unsigned = await new SignJWT({
      iss: 'https://copper-kettle.myshopify.com/admin',
      dest: 'https://copper-kettle.myshopify.com',
      aud: API_KEY,
    })
      .setProtectedHeader({ alg: 'none' } as never)
      .sign(new Uint8Array(32))
      .catch(() => null)
    const forged =
      unsigned ??
      `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(JSON.stringify({ iss: 'https://copper-kettle.myshopify.com/admin', dest: 'https://copper-kettle.myshopify.com', aud: API_KEY, exp: now + 60, nbf: now - 60 })).toString('base64url')}.`
    expect((await testApp.request.get('/api/agents/').set(bearer(forged))).status).toBe(401)
  })

  it('is refused for a shop that never installed the app, for a deactivated account, and once the app is uninstalled', async () => {
    const never = await testApp.request.get('/api/agents/').set(bearer(await token('never-installed')))
    expect(never.status).toBe(401)
    expect(never.body.reason).toBe('shop_not_installed')
    const tin = await testApp.database.prisma.shopifyShop.findUniqueOrThrow({
      where: { shopDomain: 'tin-kettle.myshopify.com' },
    })
    await testApp.database.prisma.user.update({ where: { id: tin.accountId }, data: { isActive: false } })
    const inactive = await testApp.request.get('/api/agents/').set(bearer(await token('tin-kettle')))
    expect(inactive.status).toBe(401)
    expect(inactive.body.reason).toBe('shop_not_installed')
    await testApp.database.prisma.user.update({ where: { id: tin.accountId }, data: { isActive: true } })
    expect((await testApp.request.get('/api/agents/').set(bearer(await token('tin-kettle')))).status).toBe(200)
    await testApp.database.prisma.shopifyShop.update({
      where: { shopDomain: 'tin-kettle.myshopify.com' },
      data: { uninstalledAt: new Date() },
    })
    const gone = await testApp.request.get('/api/agents/').set(bearer(await token('tin-kettle')))
    expect(gone.status).toBe(401)
    expect(gone.body.reason).toBe('shop_not_installed')
  })

  it('does not reach the sign-in itself: profile, password, e-mail and account deletion want a dashboard session', async () => {
    const auth = bearer(await token('copper-kettle'))
    expect((await testApp.request.get('/api/accounts/profile/').set(auth)).status).toBe(401)
    expect((await testApp.request.put('/api/accounts/profile/').set(auth).send({ full_name: 'Renamed' })).status).toBe(
      401,
    )
    expect(
      (
        await testApp.request
          .put('/api/accounts/change-password/')
          .set(auth)
          .send({ new_password: 'Correct-Horse-9', confirm_password: 'Correct-Horse-9' })
      ).status,
    ).toBe(401)
    expect(
      (
        await testApp.request
          .put('/api/accounts/change-email/')
          .set(auth)
          .send({ new_email: 'taken@example.com', password: 'x' })
      ).status,
    ).toBe(401)
    expect((await testApp.request.post('/api/accounts/profile/delete/').set(auth).send({ password: 'x' })).status).toBe(
      401,
    )
  })

  it('and the account functions themselves refuse an actor that came through the Shopify admin', async () => {
    const shop = await testApp.database.prisma.shopifyShop.findUniqueOrThrow({
      where: { shopDomain: 'copper-kettle.myshopify.com' },
      include: { account: true },
    })
    const actor = {
      userId: shop.accountId,
      email: shop.account.email,
      fullName: shop.account.fullName,
      sessionId: shopifyAdminSessionOf(shop.shopDomain),
    }
    const change = changePassword(testApp.database, actor, {
      new_password: 'Correct-Horse-9',
      confirm_password: 'Correct-Horse-9',
    } as Parameters<typeof changePassword>[2])
    await expect(change).rejects.toMatchObject({
      code: 'FORBIDDEN',
      detail: 'Sign in to the AgentDesk dashboard to change how you sign in.',
    })
    expect(
      (await testApp.database.prisma.user.findUniqueOrThrow({ where: { id: shop.accountId } })).passwordHash,
    ).toBeNull()
  })

  it("the dashboard's own tokens still work beside it", async () => {
    const user = await signUp(testApp)
    const listed = await testApp.request.get('/api/agents/').set(bearer(user.access))
    expect(listed.status).toBe(200)
    expect(listed.body.agents).toEqual([])
  })

  it('is not taken at all while the Shopify app is not configured', async () => {
    const answer = await withoutShopify.request.get('/api/agents/').set(bearer(await token('copper-kettle')))
    expect(answer.status).toBe(401)
    expect(answer.body.reason).toBe('token_invalid')
  })
})
