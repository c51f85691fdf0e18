import { randomBytes } from 'node:crypto'
import { Session } from '@shopify/shopify-api'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createPrismaSessionStorage } from '../../../server/shopify/admin/prisma-session-storage.ts'
import { createTestDatabase, type TestDatabase } from '../../support/create-test-database.ts'

// Shopify's sessions kept in our database (model ShopifySession) through the SessionStorage interface.
let testDatabase: TestDatabase
const tokenKey = randomBytes(32)

beforeAll(async () => {
  testDatabase = await createTestDatabase()
})

afterAll(async () => {
  await testDatabase?.cleanup()
})

const storage = () => createPrismaSessionStorage(testDatabase.database, tokenKey)

function offlineSession(shop: string, overrides: Partial<Session> = {}) {
  return new Session({
    id: `offline_${shop}`,
    shop,
    state: '',
    isOnline: false,
    scope: 'read_products,read_content',
    accessToken: `shpat_${shop}`,
    expires: new Date(Date.now() + 3_600_000),
    refreshToken: `shprt_${shop}`,
    refreshTokenExpires: new Date(Date.now() + 90 * 24 * 3_600_000),
    ...overrides,
  })
}

describe('the Prisma session storage', () => {
  it('an offline session with an expiring token and its refresh token comes back equal', async () => {
    const session = offlineSession('round-trip.myshopify.com')
    expect(await storage().storeSession(session)).toBe(true)
    const loaded = await storage().loadSession(session.id)
    expect(loaded?.equals(session)).toBe(true)
    expect(loaded?.refreshToken).toBe('shprt_round-trip.myshopify.com')
    expect(loaded?.refreshTokenExpires?.getTime()).toBe(session.refreshTokenExpires?.getTime())
    expect(loaded?.expires?.getTime()).toBe(session.expires?.getTime())
    expect(loaded?.onlineAccessInfo).toBeUndefined()
  })

  it('keeps both tokens sealed at rest, readable only with the key', async () => {
    const session = offlineSession('sealed.myshopify.com')
    await storage().storeSession(session)
    const row = await testDatabase.database.prisma.shopifySession.findUniqueOrThrow({ where: { id: session.id } })
    expect(row.accessToken).not.toContain('shpat_')
    expect(row.refreshToken).not.toContain('shprt_')
    expect(
      await createPrismaSessionStorage(testDatabase.database, randomBytes(32)).loadSession(session.id),
    ).toBeUndefined()
  })

  it("a sealed token copied onto another shop's row does not open there", async () => {
    await storage().storeSession(offlineSession('victim.myshopify.com'))
    await storage().storeSession(offlineSession('attacker.myshopify.com'))
    const { prisma } = testDatabase.database
    const victim = await prisma.shopifySession.findUniqueOrThrow({ where: { id: 'offline_victim.myshopify.com' } })
    await prisma.shopifySession.update({
      where: { id: 'offline_attacker.myshopify.com' },
      data: { accessToken: victim.accessToken },
    })
    expect(await storage().loadSession('offline_attacker.myshopify.com')).toBeUndefined()
  })

  it('an online session keeps its staff member', async () => {
    const session = new Session({
      id: 'online.myshopify.com_42',
      shop: 'online.myshopify.com',
      state: 'state-1',
      isOnline: true,
      scope: 'read_products',
      accessToken: 'shpua_online',
      expires: new Date(Date.now() + 86_400_000),
      onlineAccessInfo: {
        expires_in: 86_400,
        associated_user_scope: 'read_products',
        associated_user: {
          id: 42,
          first_name: 'Ada',
          last_name: 'Lovelace',
          email: 'ada@example.com',
          email_verified: true,
          account_owner: true,
          locale: 'en',
          collaborator: false,
        },
      },
    })
    await storage().storeSession(session)
    const loaded = await storage().loadSession(session.id)
    expect(loaded?.equals(session)).toBe(true)
    expect(loaded?.onlineAccessInfo?.associated_user).toMatchObject({
      id: 42,
      email: 'ada@example.com',
      account_owner: true,
    })
  })

  it('an invalidated access token is stored as empty and loads as no token', async () => {
    const session = offlineSession('invalidated.myshopify.com')
    session.accessToken = undefined
    await storage().storeSession(session)
    const row = await testDatabase.database.prisma.shopifySession.findUniqueOrThrow({ where: { id: session.id } })
    expect(row.accessToken).toBe('')
    const loaded = await storage().loadSession(session.id)
    expect(loaded?.accessToken).toBeUndefined()
    expect(loaded?.isActive(undefined)).toBe(false)
  })

  it('storing again replaces the session (a refreshed token)', async () => {
    const shop = 'refreshed.myshopify.com'
    await storage().storeSession(offlineSession(shop))
    await storage().storeSession(offlineSession(shop, { accessToken: 'shpat_new', refreshToken: 'shprt_new' }))
    const loaded = await storage().loadSession(`offline_${shop}`)
    expect(loaded).toMatchObject({ accessToken: 'shpat_new', refreshToken: 'shprt_new' })
  })

  it("finds a shop's sessions, and deletes one or several", async () => {
    const shop = 'several.myshopify.com'
    await storage().storeSession(offlineSession(shop))
    await storage().storeSession(offlineSession(shop, { id: `${shop}_7`, isOnline: true }))
    await storage().storeSession(offlineSession('other.myshopify.com'))
    const found = await storage().findSessionsByShop(shop)
    expect(found.map((session) => session.id).sort()).toEqual([`offline_${shop}`, `${shop}_7`].sort())

    expect(await storage().deleteSession(`${shop}_7`)).toBe(true)
    expect(await storage().deleteSession('never-stored')).toBe(true)
    expect(await storage().loadSession(`${shop}_7`)).toBeUndefined()
    expect(await storage().deleteSessions([`offline_${shop}`, 'offline_other.myshopify.com'])).toBe(true)
    expect(await storage().findSessionsByShop(shop)).toEqual([])
    expect(await storage().loadSession('offline_other.myshopify.com')).toBeUndefined()
  })
})
