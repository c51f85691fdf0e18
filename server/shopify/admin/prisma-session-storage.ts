// Shopify's session storage on our Prisma 7 client (Shopify's Prisma adapter needs Prisma 6).
// Rows hold Session.toPropertyArray(true); tokens are sealed at rest (server/secrets/seal-secret.ts).
import { Session } from '@shopify/shopify-api'
import type { SessionStorage } from '@shopify/shopify-app-session-storage'
import type { Database } from '../../db/database.ts'
import type { ShopifySession } from '../../db/generated/prisma/client.ts'
import { openSecret, sealSecret } from '../../secrets/seal-secret.ts'

type Property = [string, string | number | boolean]
type SessionRow = Omit<ShopifySession, 'id'>

// Shopify's adapters return the 25 newest sessions of a shop; a shop has one offline session and,
// with online tokens, one per staff member.
const SESSIONS_PER_SHOP = 25

const asString = (value: unknown) => (value === undefined ? null : String(value))
const asDate = (value: unknown) => (typeof value === 'number' ? new Date(value) : null)
const asBoolean = (value: unknown) => (value === undefined ? null : Boolean(value))

function toRow(session: Session, tokenKey: Buffer): SessionRow {
  const values = Object.fromEntries(session.toPropertyArray(true)) as Record<string, Property[1] | undefined>
  const seal = (token: unknown) =>
    typeof token === 'string' && token !== '' ? sealSecret(tokenKey, session.id, token) : null
  return {
    shop: session.shop,
    state: session.state,
    isOnline: session.isOnline,
    scope: asString(values.scope),
    expires: asDate(values.expires),
    // The column is NOT NULL: a token the library invalidated (set to undefined) is stored as ''.
    accessToken: seal(values.accessToken) ?? '',
    refreshToken: seal(values.refreshToken),
    refreshTokenExpires: asDate(values.refreshTokenExpires),
    userId: values.userId === undefined ? null : BigInt(values.userId),
    firstName: asString(values.firstName),
    lastName: asString(values.lastName),
    email: asString(values.email),
    accountOwner: Boolean(values.accountOwner),
    locale: asString(values.locale),
    collaborator: asBoolean(values.collaborator),
    emailVerified: asBoolean(values.emailVerified),
  }
}

/** The session, or undefined when a stored token no longer opens (the key changed): Shopify then exchanges a new one. */
function toSession(row: ShopifySession, tokenKey: Buffer): Session | undefined {
  const open = (sealed: string | null) => (sealed ? openSecret(tokenKey, row.id, sealed) : undefined)
  const accessToken = open(row.accessToken)
  const refreshToken = open(row.refreshToken)
  if ((row.accessToken && accessToken === undefined) || (row.refreshToken && refreshToken === undefined))
    return undefined
  const properties: [string, unknown][] = [
    ['id', row.id],
    ['shop', row.shop],
    ['state', row.state],
    ['isOnline', row.isOnline],
    ['scope', row.scope],
    ['expires', row.expires?.getTime()],
    ['accessToken', accessToken],
    ['refreshToken', refreshToken],
    ['refreshTokenExpires', row.refreshTokenExpires?.getTime()],
  ]
  // The user fields belong to online sessions only; an offline one would otherwise gain empty user data.
  if (row.isOnline) {
    properties.push(
      ['userId', row.userId === null ? undefined : Number(row.userId)],
      ['firstName', row.firstName],
      ['lastName', row.lastName],
      ['email', row.email],
      ['locale', row.locale],
      ['emailVerified', row.emailVerified],
      ['accountOwner', row.accountOwner],
      ['collaborator', row.collaborator],
    )
  }
  const present = properties.filter((entry): entry is Property => entry[1] !== null && entry[1] !== undefined)
  return Session.fromPropertyArray(present, true)
}

export function createPrismaSessionStorage(database: Database, tokenKey: Buffer): SessionStorage {
  const sessions = database.prisma.shopifySession
  return {
    async storeSession(session) {
      const row = toRow(session, tokenKey)
      await sessions.upsert({ where: { id: session.id }, create: { id: session.id, ...row }, update: row })
      return true
    },
    async loadSession(id) {
      const row = await sessions.findUnique({ where: { id } })
      return row ? toSession(row, tokenKey) : undefined
    },
    async deleteSession(id) {
      await sessions.deleteMany({ where: { id } })
      return true
    },
    async deleteSessions(ids) {
      await sessions.deleteMany({ where: { id: { in: ids } } })
      return true
    },
    async findSessionsByShop(shop) {
      const rows = await sessions.findMany({
        where: { shop },
        orderBy: [{ expires: { sort: 'desc', nulls: 'last' } }, { id: 'asc' }],
        take: SESSIONS_PER_SHOP,
      })
      return rows.map((row) => toSession(row, tokenKey)).filter((session): session is Session => session !== undefined)
    },
  }
}
