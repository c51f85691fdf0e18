/**
 * The web origin a widget request comes from: the Origin header, or the origin of the Referer when a
 * browser sent no Origin. null when neither names an http(s) page (a server-side script, a privacy
 * proxy, a sandboxed frame's "null"): such a request is refused, never trusted.
 */
export function requestOrigin(headers: { origin?: string | undefined; referer?: string | undefined }): string | null {
  // A browser that sent Origin meant it, "null" included (a sandboxed frame): never second-guessed by Referer.
  const candidates = headers.origin !== undefined ? [headers.origin] : [headers.referer]
  for (const candidate of candidates) {
    if (!candidate || candidate === 'null') continue
    try {
      const url = new URL(candidate)
      if (url.protocol === 'http:' || url.protocol === 'https:') return url.origin
    } catch {
      // not a URL: try the next header
    }
  }
  return null
}

/**
 * Whether a page origin belongs to the integration's site: its host is the configured domain (with
 * the same port when the domain names one), or a subdomain of it when the integration allows them.
 */
export function originAllowed(
  integration: { websiteDomain: string; allowSubdomains: boolean },
  origin: string | null,
): boolean {
  if (!origin) return false
  const url = new URL(origin)
  const [domainHost, domainPort] = integration.websiteDomain.split(':')
  const port = url.port || (url.protocol === 'https:' ? '443' : '80')
  if (domainPort !== undefined && port !== domainPort) return false
  const host = url.hostname.toLowerCase()
  return host === domainHost || (integration.allowSubdomains && host.endsWith(`.${domainHost}`))
}
