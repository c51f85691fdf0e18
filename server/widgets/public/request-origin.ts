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

/** The site an integration's domain names: https on its default port unless the domain says otherwise. */
function siteOf(websiteDomain: string): URL | null {
  try {
    return new URL(websiteDomain.includes('://') ? websiteDomain : `https://${websiteDomain}`)
  } catch {
    return null
  }
}

/**
 * Whether a page origin belongs to the integration's site: the same scheme and port as the domain
 * names (https and 443 for a bare host), and its host, or a subdomain of it when the integration
 * allows them.
 */
export function originAllowed(
  integration: { websiteDomain: string; allowSubdomains: boolean },
  origin: string | null,
): boolean {
  const site = siteOf(integration.websiteDomain)
  if (!origin || !site) return false
  // Both are parsed the same way: a default port reads as '' on either side.
  const page = new URL(origin)
  if (page.protocol !== site.protocol || page.port !== site.port) return false
  return page.hostname === site.hostname || (integration.allowSubdomains && page.hostname.endsWith(`.${site.hostname}`))
}
