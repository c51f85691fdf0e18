// @database-specific: two first requests at once race to make one shop
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { verifyPassword } from '../../../server/accounts/password-hashing.ts'
import { AppError } from '../../../server/errors/app-error.ts'
import { AddEmailSignInSchema } from '../../../server/shopify/admin/add-email-sign-in.schemas.ts'
import { addEmailSignIn, ALREADY_HAS_PASSWORD } from '../../../server/shopify/admin/add-email-sign-in.ts'
import { linkShopAccount, placeholderEmailOf } from '../../../server/shopify/admin/link-shop-account.ts'
import { GOOD_PASSWORD, logIn, signUp } from '../../support/accounts.ts'
import { createTestApp, type TestApp } from '../../support/create-test-app.ts'

// The account that owns a shop's agents: made at installation, never taken over by e-mail, and given
// an e-mail sign-in later for the standalone dashboard.
let testApp: TestApp

beforeAll(async () => {
  testApp = await createTestApp()
})

afterAll(async () => {
  await testApp?.cleanup()
})

const profile = (overrides: Partial<{ name: string; email: string | null; storefrontUrl: string | null }> = {}) => ({
  name: 'Blue Kettle',
  email: 'hello@blue-kettle.example',
  storefrontUrl: 'https://blue-kettle.example',
  ...overrides,
})
const install = (shopDomain: string, overrides: Parameters<typeof profile>[0] = {}) =>
  linkShopAccount(testApp.database, { shopDomain, scopes: 'read_products', profile: profile(overrides) })
const userOf = (accountId: string) => testApp.database.prisma.user.findUniqueOrThrow({ where: { id: accountId } })

async function rejection(promise: Promise<unknown>) {
  try {
    await promise
  } catch (error) {
    return error
  }
  throw new Error('expected a rejection')
}

describe('linking a shop to its account at installation', () => {
  it("a first installation creates a new account with the shop's name, a placeholder e-mail and no password", async () => {
    const shop = await install('blue-kettle.myshopify.com')
    expect(shop).toMatchObject({
      shopDomain: 'blue-kettle.myshopify.com',
      shopName: 'Blue Kettle',
      storefrontUrl: 'https://blue-kettle.example',
      scopes: 'read_products',
      uninstalledAt: null,
    })
    expect(await userOf(shop.accountId)).toMatchObject({
      email: placeholderEmailOf(shop.shopDomain),
      fullName: 'Blue Kettle',
      passwordHash: null,
      emailVerifiedAt: null,
    })
  })

  it('a shop naming the e-mail of an existing account gets an account of its own, with a placeholder e-mail', async () => {
    const someone = await signUp(testApp, { email: 'taken@example.com' })
    const shop = await install('claims-someone.myshopify.com', { email: 'Taken@Example.com' })
    expect(shop.accountId).not.toBe(someone.userId)
    expect((await userOf(shop.accountId)).email).toBe(placeholderEmailOf('claims-someone.myshopify.com'))
    expect(await testApp.database.prisma.shopifyShop.count({ where: { accountId: someone.userId } })).toBe(0)
  })

  it('a shop without a usable e-mail gets the placeholder', async () => {
    const shop = await install('no-mail.myshopify.com', { email: 'not an address' })
    expect((await userOf(shop.accountId)).email).toBe('no-mail.myshopify.com@shopify.invalid')
  })

  it('a reinstallation keeps the account and clears uninstalledAt', async () => {
    const first = await install('returning.myshopify.com')
    await testApp.database.prisma.shopifyShop.update({ where: { id: first.id }, data: { uninstalledAt: new Date() } })
    const again = await install('returning.myshopify.com', { name: 'Returning, renamed' })
    expect(again).toMatchObject({
      id: first.id,
      accountId: first.accountId,
      uninstalledAt: null,
      shopName: 'Returning, renamed',
    })
  })

  it('two first requests at once make one shop and one account', async () => {
    const [one, two] = await Promise.all([
      install('at-once.myshopify.com', { email: null }),
      install('at-once.myshopify.com', { email: null }),
    ])
    expect(one.id).toBe(two.id)
    expect(
      await testApp.database.prisma.user.count({ where: { email: placeholderEmailOf('at-once.myshopify.com') } }),
    ).toBe(1)
  })
})

describe('adding an e-mail sign-in to a shop account', () => {
  const signIn = (email: string, password = GOOD_PASSWORD) => AddEmailSignInSchema.parse({ email, password })

  it("sets the password (and a new e-mail), after which the merchant signs in to the dashboard and sees the shop's agents", async () => {
    const shop = await install('adds-sign-in.myshopify.com', { email: null })
    await testApp.database.prisma.agent.create({ data: { accountId: shop.accountId, name: 'Kettle expert' } })
    await addEmailSignIn({
      database: testApp.database,
      linkBase: 'https://agentdesk.test',
      accountId: shop.accountId,
      signIn: signIn('Merchant@Adds-Sign-In.example'),
    })

    const user = await userOf(shop.accountId)
    expect(user.email).toBe('merchant@adds-sign-in.example')
    expect(await verifyPassword(user.passwordHash, GOOD_PASSWORD)).toBe(true)
    const login = await logIn(testApp, 'merchant@adds-sign-in.example', GOOD_PASSWORD)
    expect(login.status).toBe(200)
    const agents = await testApp.request.get('/api/agents/').set('Authorization', `Bearer ${login.body.tokens.access}`)
    expect(agents.body.agents.map((agent: { name: string }) => agent.name)).toEqual(['Kettle expert'])
  })

  it("keeps the shop's e-mail when the merchant confirms it", async () => {
    const shop = await install('keeps-mail.myshopify.com', { email: 'owner@keeps-mail.example' })
    await addEmailSignIn({
      database: testApp.database,
      linkBase: 'https://agentdesk.test',
      accountId: shop.accountId,
      signIn: signIn('owner@keeps-mail.example'),
    })
    expect((await userOf(shop.accountId)).email).toBe('owner@keeps-mail.example')
  })

  it('refuses an e-mail another account has', async () => {
    await signUp(testApp, { email: 'already@example.com' })
    const shop = await install('wants-taken.myshopify.com', { email: null })
    const error = await rejection(
      addEmailSignIn({
        database: testApp.database,
        linkBase: 'https://agentdesk.test',
        accountId: shop.accountId,
        signIn: signIn('already@example.com'),
      }),
    )
    expect(error).toBeInstanceOf(AppError)
    expect((error as AppError).code).toBe('CONFLICT')
    expect((await userOf(shop.accountId)).passwordHash).toBeNull()
  })

  it('refuses a second time: a password, once set, changes in the dashboard with the old one', async () => {
    const shop = await install('twice.myshopify.com', { email: null })
    await addEmailSignIn({
      database: testApp.database,
      linkBase: 'https://agentdesk.test',
      accountId: shop.accountId,
      signIn: signIn('first@twice.example'),
    })
    const error = await rejection(
      addEmailSignIn({
        database: testApp.database,
        linkBase: 'https://agentdesk.test',
        accountId: shop.accountId,
        signIn: signIn('second@twice.example', 'Another-Pass-7'),
      }),
    )
    expect((error as AppError).detail).toBe(ALREADY_HAS_PASSWORD)
    expect((await userOf(shop.accountId)).email).toBe('first@twice.example')
  })

  it('the form refuses a weak password with the sign-up rules', () => {
    expect(AddEmailSignInSchema.safeParse({ email: 'weak@example.com', password: 'password' }).success).toBe(false)
  })
})
