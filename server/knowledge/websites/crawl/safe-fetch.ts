import { lookup } from 'node:dns'
import { lookup as dnsLookup } from 'node:dns/promises'
import { isIP } from 'node:net'
import { Agent, fetch } from 'undici'
import { CrawlError } from './crawl-error.ts'
import { isAddressAllowed, isAllowListed, type AllowList } from './network-policy.ts'

export interface SafeFetchOptions {
  allowList: AllowList
  userAgent: string
  timeoutMs: number
  maxBytes: number
  maxRedirects?: number
}

export interface FetchedPage {
  url: string
  status: number
  contentType: string
  body: string
}

const WEB_PORTS = new Set([80, 443, 8080, 8443])

const refused = (host: string) =>
  new CrawlError(`${host} resolves to a private or reserved address, which the crawler may not reach.`, {
    isPermanent: true,
  })

/**
 * Fetches pages for the crawler without letting a URL reach inside the network (SSRF). The address is
 * checked after DNS resolution, at connect time, so every redirect hop is checked too and a DNS answer
 * that changes between check and use (rebinding) cannot slip through. Bodies are capped in size and
 * every request in time.
 */
export function createSafeFetch(options: SafeFetchOptions) {
  const agent = new Agent({
    connect: {
      timeout: options.timeoutMs,
      lookup(hostname, lookupOptions, callback) {
        lookup(hostname, { ...lookupOptions, all: true }, (error, addresses) => {
          if (error) return callback(error, '', 0)
          const list = Array.isArray(addresses) ? addresses : [{ address: String(addresses), family: 4 }]
          const allowed = list.filter((entry) => isAddressAllowed(entry.address, options.allowList))
          if (allowed.length === 0 || allowed.length !== list.length) return callback(refused(hostname), '', 0)
          if (lookupOptions.all) return callback(null, allowed as never, 0)
          callback(null, allowed[0]?.address ?? '', allowed[0]?.family ?? 4)
        })
      },
    },
    headersTimeout: options.timeoutMs,
    bodyTimeout: options.timeoutMs,
  })

  async function checkUrl(url: URL) {
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      throw new CrawlError(`Only http and https pages can be crawled, not ${url.protocol}`, { isPermanent: true })
    if (url.username || url.password)
      throw new CrawlError('URLs with credentials are not crawled.', { isPermanent: true })
    const host = url.hostname.replace(/^\[|\]$/g, '')
    if (isIP(host) && !isAddressAllowed(host, options.allowList)) throw refused(host)
    // Web ports only, unless every address of the host is one the allow-list opens (an intranet service,
    // a test server). A private address is refused as such, whatever the port.
    const port = url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80
    if (!WEB_PORTS.has(port)) {
      const addresses = isIP(host)
        ? [host]
        : (await dnsLookup(host, { all: true }).catch(() => [])).map((entry) => entry.address)
      if (addresses.some((address) => !isAddressAllowed(address, options.allowList))) throw refused(host)
      if (addresses.length === 0 || !addresses.every((address) => isAllowListed(address, options.allowList))) {
        throw new CrawlError(`Port ${port} is not crawled: only 80, 443, 8080 and 8443.`, { isPermanent: true })
      }
    }
  }

  // The declared charset when the page names one (latin1 sites exist), UTF-8 otherwise.
  function decodeBody(bytes: Buffer, contentType: string) {
    const charset = /charset=["']?([\w-]+)/i.exec(contentType)?.[1]
    try {
      return new TextDecoder(charset ?? 'utf-8').decode(bytes)
    } catch {
      return bytes.toString('utf8')
    }
  }

  async function readCapped(response: Awaited<ReturnType<typeof fetch>>) {
    const chunks: Buffer[] = []
    let size = 0
    for await (const chunk of response.body ?? []) {
      size += (chunk as Buffer).length
      if (size > options.maxBytes) {
        await response.body?.cancel().catch(() => {})
        throw new CrawlError(`The page is larger than ${Math.round(options.maxBytes / 1024 / 1024)} MB.`)
      }
      chunks.push(Buffer.from(chunk as Buffer))
    }
    return decodeBody(Buffer.concat(chunks), response.headers.get('content-type') ?? '')
  }

  /**
   * `refuseHop` is asked before each redirect is followed and may answer why it must not be (robots.txt,
   * another site): the page it points to is then never requested.
   */
  async function safeFetch(address: string, refuseHop?: (url: URL) => string | null): Promise<FetchedPage> {
    let url = new URL(address)
    for (let hop = 0; hop <= (options.maxRedirects ?? 5); hop++) {
      await checkUrl(url)
      let response
      try {
        response = await fetch(url, {
          dispatcher: agent,
          redirect: 'manual',
          headers: {
            'user-agent': options.userAgent,
            accept: 'text/html,application/xhtml+xml,text/plain,application/xml;q=0.9,*/*;q=0.5',
          },
          signal: AbortSignal.timeout(options.timeoutMs),
        })
      } catch (error) {
        const cause = (error as { cause?: unknown }).cause
        if (cause instanceof CrawlError) throw cause
        if ((error as Error).name === 'TimeoutError' || (cause as Error | undefined)?.name?.includes('Timeout'))
          throw new CrawlError(`${url.href} did not answer within ${Math.round(options.timeoutMs / 1000)} seconds.`)
        throw new CrawlError(`${url.href} could not be reached.`)
      }
      const location = response.headers.get('location')
      if (response.status >= 300 && response.status < 400) {
        if (!location) throw new CrawlError(`${url.href} redirects without saying where to.`)
        await response.body?.cancel().catch(() => {})
        url = new URL(location, url)
        const reason = refuseHop?.(url)
        if (reason) throw new CrawlError(reason)
        continue
      }
      return {
        url: url.href,
        status: response.status,
        contentType: response.headers.get('content-type') ?? '',
        body: await readCapped(response),
      }
    }
    throw new CrawlError(`${address} redirects too many times.`)
  }

  /**
   * Posts a body (an outgoing webhook) under the same address checks: redirects are not followed (a 3xx is
   * the answer), and the answer's body is not read. Answers the status; a refused address, a connection
   * that fails or a receiver slower than the timeout throws a CrawlError saying which.
   */
  async function post(address: string, { body, headers }: { body: string; headers: Record<string, string> }) {
    const url = new URL(address)
    await checkUrl(url)
    try {
      const response = await fetch(url, {
        dispatcher: agent,
        method: 'POST',
        redirect: 'manual',
        headers: { 'user-agent': options.userAgent, 'content-type': 'application/json', ...headers },
        body,
        signal: AbortSignal.timeout(options.timeoutMs),
      })
      await response.body?.cancel().catch(() => {})
      return { status: response.status }
    } catch (error) {
      const cause = (error as { cause?: unknown }).cause
      if (cause instanceof CrawlError) throw cause
      if ((error as Error).name === 'TimeoutError' || (cause as Error | undefined)?.name?.includes('Timeout'))
        throw new CrawlError(`${url.host} did not answer within ${options.timeoutMs} ms.`)
      throw new CrawlError(`${url.host} could not be reached.`)
    }
  }

  return { fetch: safeFetch, post, close: () => agent.close() }
}

export type SafeFetch = ReturnType<typeof createSafeFetch>
