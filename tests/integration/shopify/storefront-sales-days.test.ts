// @database-specific: the time zones the database knows, and its refusal of one it does not
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createAdminClient } from '../../../server/shopify/admin-api/create-admin-client.ts'
import { SHOPIFY_ADMIN_API_VERSION } from '../../../server/shopify/admin-api/shopify-admin-client.ts'
import { linkShopAccount } from '../../../server/shopify/admin/link-shop-account.ts'
import { refreshShopDetails } from '../../../server/shopify/knowledge/refresh-shop-details.ts'
import { readStorefrontSales } from '../../../server/shopify/products/read-storefront-sales.ts'
import { demoStore } from '../../support/fake-shopify-admin/demo-store.ts'
import { startFakeShopifyAdmin, type FakeShopifyAdmin } from '../../support/fake-shopify-admin.ts'
import { databaseForThisFile } from '../../support/create-test-database.ts'

// The embedded home's "Sales from chat": its days are the shop's days (Shopify's shop.ianaTimezone, read
// at installation and at each store import), and a deleted conversation counts nowhere.
const file = databaseForThisFile()
let admin: FakeShopifyAdmin
beforeAll(async () => {
  admin = await startFakeShopifyAdmin({ store: { ...demoStore(), ianaTimezone: 'Africa/Cairo' } })
})
afterAll(async () => admin?.close())

let shops = 0
async function installedShop() {
  shops += 1
  const { prisma } = file.database
  const shop = await linkShopAccount(file.database, {
    shopDomain: `sales-days-${process.pid}-${shops}.myshopify.com`,
    scopes: 'read_products',
    profile: { name: 'Alpine Outfitters', email: null, storefrontUrl: null },
  })
  const agent = await prisma.agent.create({ data: { accountId: shop.accountId, name: 'Store helper' } })
  const integration = await prisma.widgetIntegration.create({
    data: {
      accountId: shop.accountId,
      agentId: agent.id,
      websiteName: 'Storefront',
      websiteDomain: 'alpine.example',
      clientKey: `ck_sales_${process.pid}_${shops}`,
      startMessage: 'Hello!',
    },
  })
  const updated = await prisma.shopifyShop.update({
    where: { id: shop.id },
    data: { widgetIntegrationId: integration.id, agentId: agent.id },
  })
  return { shop: updated, agentId: agent.id }
}

/** A storefront chat begun at `at` that showed a product, put it in the cart and became an order at `at`. */
async function chatThatSold(
  { shop, agentId }: Awaited<ReturnType<typeof installedShop>>,
  at: Date,
  order: { name: string; totalMinor: bigint },
) {
  const { prisma } = file.database
  const conversation = await prisma.conversation.create({
    data: {
      accountId: shop.accountId,
      agentId,
      name: 'Shopper',
      channel: 'shopify',
      widgetIntegrationId: shop.widgetIntegrationId,
      createdAt: at,
    },
  })
  const event = (kind: string) => ({
    shopId: shop.id,
    conversationId: conversation.id,
    kind,
    productGid: 'gid://shopify/Product/1001',
    createdAt: at,
  })
  await prisma.storefrontEvent.createMany({ data: [event('product_shown'), event('added_to_cart')] })
  await prisma.assistedOrder.create({
    data: {
      shopId: shop.id,
      orderGid: `gid://shopify/Order/${order.name.slice(1)}`,
      orderName: order.name,
      conversationId: conversation.id,
      totalMinor: order.totalMinor,
      currencyCode: 'EUR',
      orderedAt: at,
    },
  })
  return conversation
}

describe('the shop’s time zone', () => {
  it('is kept from the installation’s shop profile, and a reinstallation without one keeps it', async () => {
    const shopDomain = `sales-days-${process.pid}-installed.myshopify.com`
    const profile = { name: 'Alpine Outfitters', email: null, storefrontUrl: null }
    const installed = await linkShopAccount(file.database, {
      shopDomain,
      scopes: 'read_products',
      profile: { ...profile, ianaTimezone: 'Africa/Cairo' },
    })
    expect(installed.ianaTimezone).toBe('Africa/Cairo')
    const again = await linkShopAccount(file.database, { shopDomain, scopes: 'read_products', profile })
    expect(again.ianaTimezone).toBe('Africa/Cairo')
  })

  it('is read from the Admin API when the store is imported, and kept on the shop', async () => {
    const bed = await installedShop()
    expect(bed.shop.ianaTimezone).toBeNull()
    const client = createAdminClient({
      shop: bed.shop.shopDomain,
      accessToken: admin.accessToken,
      apiVersion: SHOPIFY_ADMIN_API_VERSION,
      baseUrl: admin.url,
    })
    const refreshed = await refreshShopDetails(file.database, client, bed.shop)
    expect(refreshed.ianaTimezone).toBe('Africa/Cairo')
    const stored = await file.database.prisma.shopifyShop.findUniqueOrThrow({ where: { id: bed.shop.id } })
    expect(stored.ianaTimezone).toBe('Africa/Cairo')
  })

  it('a zone this server does not know is not kept: the figures stay in UTC', async () => {
    const bed = await installedShop()
    admin.state.store = { ...demoStore(), ianaTimezone: 'Mars/Olympus_Mons' }
    try {
      const client = createAdminClient({
        shop: bed.shop.shopDomain,
        accessToken: admin.accessToken,
        apiVersion: SHOPIFY_ADMIN_API_VERSION,
        baseUrl: admin.url,
      })
      expect((await refreshShopDetails(file.database, client, bed.shop)).ianaTimezone).toBeNull()
    } finally {
      admin.state.store = { ...demoStore(), ianaTimezone: 'Africa/Cairo' }
    }
    const sales = await readStorefrontSales(file.database, { shop: bed.shop, days: 7 })
    expect(sales.time_zone).toBe('UTC')
  })
})

describe('the sales figures', () => {
  // 2026-03-10 (Cairo is UTC+2 in March): 23:30 UTC is already 01:30 on the 11th there.
  const now = new Date('2026-03-12T12:00:00Z')
  const lateEvening = new Date('2026-03-10T23:30:00Z')

  it('count an order at 23:30 UTC on the next day in Africa/Cairo, and on its own day in UTC', async () => {
    const bed = await installedShop()
    await chatThatSold(bed, lateEvening, { name: '#2001', totalMinor: 4_500n })
    const cairo = await readStorefrontSales(file.database, {
      shop: { ...bed.shop, ianaTimezone: 'Africa/Cairo' },
      days: 7,
      now,
    })
    expect(cairo.time_zone).toBe('Africa/Cairo')
    expect(cairo.daily.at(-1)?.date).toBe('2026-03-12')
    const dayOf = (sales: typeof cairo, date: string) => sales.daily.find((day) => day.date === date)
    expect(dayOf(cairo, '2026-03-11')).toEqual({
      date: '2026-03-11',
      conversations: 1,
      added_to_cart: 1,
      assisted_orders: 1,
    })
    expect(dayOf(cairo, '2026-03-10')).toMatchObject({ conversations: 0, added_to_cart: 0, assisted_orders: 0 })
    const utc = await readStorefrontSales(file.database, { shop: { ...bed.shop, ianaTimezone: null }, days: 7, now })
    expect(utc.time_zone).toBe('UTC')
    expect(dayOf(utc, '2026-03-10')).toMatchObject({ conversations: 1, added_to_cart: 1, assisted_orders: 1 })
    expect(dayOf(utc, '2026-03-11')).toMatchObject({ conversations: 0, assisted_orders: 0 })
  })

  it('fall back to UTC for a zone the clock library knows and the database does not (US/Pacific-New)', async () => {
    const bed = await installedShop()
    await chatThatSold(bed, lateEvening, { name: '#2002', totalMinor: 1_000n })
    const sales = await readStorefrontSales(file.database, {
      shop: { ...bed.shop, ianaTimezone: 'US/Pacific-New' },
      days: 7,
      now,
    })
    expect(sales.time_zone).toBe('UTC')
    expect(sales.daily.find((day) => day.date === '2026-03-10')).toMatchObject({ conversations: 1, assisted_orders: 1 })
  })

  it('begin at midnight of the shop’s first day: a chat of 23:30 UTC the evening before is the first day’s there', async () => {
    const bed = await installedShop()
    const shop = { ...bed.shop, ianaTimezone: 'Africa/Cairo' }
    // Seven Cairo days up to 2026-03-12 begin at 2026-03-06 00:00 Cairo, 2026-03-05 22:00 UTC.
    await chatThatSold(bed, new Date('2026-03-05T23:30:00Z'), { name: '#2101', totalMinor: 1_000n })
    await chatThatSold(bed, new Date('2026-03-05T21:30:00Z'), { name: '#2102', totalMinor: 2_000n })
    const sales = await readStorefrontSales(file.database, { shop, days: 7, now })
    expect(sales.daily[0]).toEqual({ date: '2026-03-06', conversations: 1, added_to_cart: 1, assisted_orders: 1 })
    expect(sales).toMatchObject({
      conversations: 1,
      assisted_orders: 1,
      revenue: [{ currency: 'EUR', amount: '10.00' }],
    })
  })

  it('leave out a deleted conversation: its chat, the products it showed, its cart and its order', async () => {
    const bed = await installedShop()
    const shop = { ...bed.shop, ianaTimezone: 'Africa/Cairo' }
    await chatThatSold(bed, lateEvening, { name: '#2201', totalMinor: 4_500n })
    const deleted = await chatThatSold(bed, lateEvening, { name: '#2202', totalMinor: 9_900n })
    await file.database.prisma.conversation.update({
      where: { id: deleted.id },
      data: { isDeleted: true, deletedAt: new Date() },
    })
    const sales = await readStorefrontSales(file.database, { shop, days: 7, now })
    expect(sales).toMatchObject({
      conversations: 1,
      products_shown: 1,
      added_to_cart: 1,
      assisted_orders: 1,
      revenue: [{ currency: 'EUR', amount: '45.00' }],
      conversion_rate: 1,
    })
    expect(sales.daily.find((day) => day.date === '2026-03-11')).toMatchObject({
      conversations: 1,
      added_to_cart: 1,
      assisted_orders: 1,
    })
  })
})
