// The app proxy signature: our verifier (for the plain Express mount) against Shopify's published
// example, our own signing, and @shopify/shopify-app-react-router's authenticate.public.appProxy, which
// must agree with it on every query.
import { createHmac } from 'node:crypto'
import { ApiVersion, LogSeverity, shopifyApp } from '@shopify/shopify-app-react-router/server'
import { testConfig } from '@shopify/shopify-app-react-router/test-helpers'
import { describe, expect, it } from 'vitest'
import { verifyAppProxySignature } from '../../../server/shopify/proxy/verify-app-proxy-signature.ts'
import { signedProxyQuery } from '../../support/signed-proxy-query.ts'

const SECRET = 'proxy-test-secret'
const SHOP = 'demo-store.myshopify.com'
const nowSeconds = () => Math.trunc(Date.now() / 1000)

/** Signs like Shopify: the given message (so a test can state the exact string), hex HMAC-SHA256. */
const hmacHex = (message: string, secret = SECRET) => createHmac('sha256', secret).update(message).digest('hex')

/** A query as Shopify forwards it, signed over the decoded, sorted, comma-joined parameters. */
const signedQuery = (entries: [string, string][], secret = SECRET) => signedProxyQuery(entries, secret)

const proxyEntries = (extra: [string, string][] = [], timestamp = nowSeconds()): [string, string][] => [
  ['shop', SHOP],
  ['logged_in_customer_id', '7702'],
  ['path_prefix', '/apps/agentdesk'],
  ['timestamp', String(timestamp)],
  ...extra,
]

const shopify = shopifyApp(
  testConfig({ apiSecretKey: SECRET, apiVersion: ApiVersion.October26, logger: { level: LogSeverity.Error } }),
)

/** What the library says about the same query: true when authenticate.public.appProxy lets it through. */
async function libraryAccepts(query: URLSearchParams): Promise<boolean> {
  try {
    await shopify.authenticate.public.appProxy(new Request(`https://app.example.com/shopify/proxy/bootstrap?${query}`))
    return true
  } catch (error) {
    if (error instanceof Response && error.status === 400) return false
    throw error
  }
}

describe('Shopify’s published example', () => {
  // shopify.dev's app proxy page: secret "hush", a repeated "extra", a URL-encoded path_prefix.
  const EXAMPLE =
    'extra=1&extra=2&shop=shop-name.myshopify.com&path_prefix=%2Fapps%2Fawesome_reviews&timestamp=1317327555'
  const EXAMPLE_TIME = 1_317_327_555_000

  it('accepts the documented signature, with and without a logged-in customer', () => {
    const examples: [string, string][] = [
      [EXAMPLE, 'a9718877bea71c2484f91608a7eaea1532bdf71f5c56825065fa4ccabe549ef3'],
      [`${EXAMPLE}&logged_in_customer_id=1`, '4c68c8624d737112c91818c11017d24d334b524cb5c2b8ba08daa056f7395ddb'],
      [`${EXAMPLE}&logged_in_customer_id=`, 'e072b6d7e6622d85912a5214b860d3100dc1e73d9bc29f43796ac8c9ff8093cb'],
    ]
    for (const [query, signature] of examples) {
      expect(
        verifyAppProxySignature(new URLSearchParams(`${query}&signature=${signature}`), 'hush', EXAMPLE_TIME),
        query,
      ).toEqual({ valid: true })
    }
  })

  it('signs the decoded values of repeated keys joined with commas, with no separator between pairs', () => {
    expect(
      hmacHex('extra=1,2path_prefix=/apps/awesome_reviewsshop=shop-name.myshopify.comtimestamp=1317327555', 'hush'),
    ).toBe('a9718877bea71c2484f91608a7eaea1532bdf71f5c56825065fa4ccabe549ef3')
  })

  it('refuses the documented query under another secret', () => {
    const query = new URLSearchParams(
      `${EXAMPLE}&signature=a9718877bea71c2484f91608a7eaea1532bdf71f5c56825065fa4ccabe549ef3`,
    )
    expect(verifyAppProxySignature(query, 'not-hush', EXAMPLE_TIME)).toEqual({
      valid: false,
      reason: 'signature_mismatch',
    })
  })
})

describe('a valid signature', () => {
  it('accepts what Shopify sends for a storefront request', () => {
    expect(verifyAppProxySignature(signedQuery(proxyEntries()), SECRET)).toEqual({ valid: true })
  })

  it('accepts multi-valued parameters, joined in the order they arrived', () => {
    const query = signedQuery(
      proxyEntries([
        ['tag', 'b'],
        ['tag', 'a'],
        ['note', 'x & y = z'],
      ]),
    )
    expect(query.toString()).toContain('note=x+%26+y+%3D+z')
    expect(verifyAppProxySignature(query, SECRET)).toEqual({ valid: true })
  })

  it('sorts keys with localeCompare, not by bytes (so "alpha" comes before "Zeta")', () => {
    const timestamp = String(nowSeconds())
    const localeOrder = hmacHex(`alpha=1shop=${SHOP}timestamp=${timestamp}Zeta=2`)
    const byteOrder = hmacHex(`Zeta=2alpha=1shop=${SHOP}timestamp=${timestamp}`)
    const query = (signature: string) =>
      new URLSearchParams({ Zeta: '2', alpha: '1', shop: SHOP, timestamp, signature })
    expect(verifyAppProxySignature(query(localeOrder), SECRET)).toEqual({ valid: true })
    expect(verifyAppProxySignature(query(byteOrder), SECRET)).toEqual({ valid: false, reason: 'signature_mismatch' })
  })

  it('ignores an empty index parameter, as the library does', () => {
    const query = signedQuery(proxyEntries())
    query.append('index', '')
    expect(verifyAppProxySignature(query, SECRET)).toEqual({ valid: true })
  })

  it('accepts a timestamp 90 seconds old or ahead, and not one second more', () => {
    const now = Date.now()
    const at = (offset: number) => signedQuery(proxyEntries([], Math.trunc(now / 1000) + offset))
    expect(verifyAppProxySignature(at(-90), SECRET, now)).toEqual({ valid: true })
    expect(verifyAppProxySignature(at(90), SECRET, now)).toEqual({ valid: true })
    expect(verifyAppProxySignature(at(-91), SECRET, now)).toEqual({ valid: false, reason: 'stale_timestamp' })
    expect(verifyAppProxySignature(at(91), SECRET, now)).toEqual({ valid: false, reason: 'stale_timestamp' })
  })
})

describe('an invalid signature', () => {
  it('refuses a changed value, an added parameter and a removed one', () => {
    const changed = signedQuery(proxyEntries())
    changed.set('logged_in_customer_id', '1')
    const added = signedQuery(proxyEntries())
    added.append('extra', '1')
    const removed = signedQuery(proxyEntries())
    removed.delete('path_prefix')
    for (const query of [changed, added, removed])
      expect(verifyAppProxySignature(query, SECRET)).toEqual({ valid: false, reason: 'signature_mismatch' })
  })

  it('refuses another app’s secret, a truncated, an upper-case and a non-hex signature', () => {
    expect(verifyAppProxySignature(signedQuery(proxyEntries(), 'another-app'), SECRET)).toEqual({
      valid: false,
      reason: 'signature_mismatch',
    })
    for (const mangle of [
      (value: string) => value.slice(0, 63),
      (value: string) => value.toUpperCase(),
      (value: string) => `${value.slice(0, 62)}zz`,
    ]) {
      const query = signedQuery(proxyEntries())
      query.set('signature', mangle(query.get('signature') ?? ''))
      expect(verifyAppProxySignature(query, SECRET)).toEqual({ valid: false, reason: 'signature_mismatch' })
    }
  })

  it('refuses a query with no signature, or an empty one', () => {
    const query = signedQuery(proxyEntries())
    query.delete('signature')
    expect(verifyAppProxySignature(query, SECRET)).toEqual({ valid: false, reason: 'missing_signature' })
    query.set('signature', '')
    expect(verifyAppProxySignature(query, SECRET)).toEqual({ valid: false, reason: 'missing_signature' })
  })

  it('refuses a missing or non-numeric timestamp even when the rest is signed', () => {
    const withoutTimestamp = signedQuery(proxyEntries().filter(([key]) => key !== 'timestamp'))
    expect(verifyAppProxySignature(withoutTimestamp, SECRET)).toEqual({ valid: false, reason: 'invalid_timestamp' })
    const fractional = signedQuery(
      proxyEntries().map(([key, value]): [string, string] =>
        key === 'timestamp' ? [key, `${value}.5`] : [key, value],
      ),
    )
    expect(verifyAppProxySignature(fractional, SECRET)).toEqual({ valid: false, reason: 'invalid_timestamp' })
  })

  it('refuses a replayed request once its timestamp is stale', () => {
    const query = signedQuery(proxyEntries([], nowSeconds() - 600))
    expect(verifyAppProxySignature(query, SECRET)).toEqual({ valid: false, reason: 'stale_timestamp' })
  })

  it('refuses a repeated shop, timestamp, hmac or signature, even when the repetition is signed', () => {
    const repetitions: [string, string][][] = [
      [['shop', 'other-store.myshopify.com']],
      [['timestamp', String(nowSeconds())]],
      [
        ['hmac', 'x'],
        ['hmac', 'y'],
      ],
    ]
    for (const extra of repetitions) {
      expect(verifyAppProxySignature(signedQuery([...proxyEntries(), ...extra]), SECRET), extra[0]?.[0]).toEqual({
        valid: false,
        reason: 'repeated_parameter',
      })
    }
    const twoSignatures = signedQuery(proxyEntries())
    twoSignatures.append('signature', twoSignatures.get('signature') ?? '')
    expect(verifyAppProxySignature(twoSignatures, SECRET)).toEqual({ valid: false, reason: 'repeated_parameter' })
  })
})

describe('agreement with the Shopify library', () => {
  it('accepts and refuses exactly the queries authenticate.public.appProxy accepts and refuses', async () => {
    const stale = signedQuery(proxyEntries([], nowSeconds() - 300))
    const tampered = signedQuery(proxyEntries())
    tampered.set('shop', 'other-store.myshopify.com')
    const repeatedShop = signedQuery([...proxyEntries(), ['shop', SHOP]])
    const unsigned = signedQuery(proxyEntries())
    unsigned.delete('signature')
    const queries = {
      plain: signedQuery(proxyEntries()),
      multiValued: signedQuery(
        proxyEntries([
          ['tag', 'b'],
          ['tag', 'a'],
        ]),
      ),
      localeSorted: signedQuery(
        proxyEntries([
          ['Zeta', '2'],
          ['alpha', '1'],
        ]),
      ),
      encoded: signedQuery(proxyEntries([['q', 'é & ü / 100%']])),
      otherSecret: signedQuery(proxyEntries(), 'another-app'),
      stale,
      tampered,
      repeatedShop,
      unsigned,
    }
    const verdicts = await Promise.all(
      Object.entries(queries).map(
        async ([name, query]) =>
          [name, { ours: verifyAppProxySignature(query, SECRET).valid, library: await libraryAccepts(query) }] as const,
      ),
    )
    for (const [name, { ours, library }] of verdicts) expect(ours, name).toBe(library)
    expect(Object.fromEntries(verdicts.map(([name, { ours }]) => [name, ours]))).toEqual({
      plain: true,
      multiValued: true,
      localeSorted: true,
      encoded: true,
      otherSecret: false,
      stale: false,
      tampered: false,
      repeatedShop: false,
      unsigned: false,
    })
  })
})
