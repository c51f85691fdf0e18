import { randomBytes } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Request, RequestHandler, Response } from 'express'
import helmet from 'helmet'

/**
 * Strict defaults for everything the server sends. The dashboard is same-origin scripts only;
 * inline styles are allowed because Polaris sets some. Vite's dev server needs inline scripts,
 * so development relaxes the policy. HSTS and upgrade-insecure-requests only when PUBLIC_URL is https. The Shopify admin frame sets its own frame-ancestors under /shopify.
 */
export function securityHeaders({ isDevelopment, isHttps }: { isDevelopment: boolean; isHttps: boolean }) {
  return helmet({
    contentSecurityPolicy: isDevelopment
      ? false
      : {
          directives: {
            defaultSrc: ["'self'"],
            scriptSrc: ["'self'"],
            styleSrc: ["'self'", "'unsafe-inline'"],
            imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
            // The Integrations page's Zapier test posts from the browser to the user's Zapier hook.
            connectSrc: ["'self'", 'https://hooks.zapier.com'],
            fontSrc: ["'self'", 'data:'],
            objectSrc: ["'none'"],
            frameAncestors: ["'none'"],
            baseUri: ["'self'"],
            formAction: ["'self'"],
            // Only where the site is served over https: on plain http it would break every asset.
            upgradeInsecureRequests: isHttps ? [] : null,
          },
        },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: !isHttps ? false : { maxAge: 15_552_000, includeSubDomains: true },
  })
}

// Where the Shopify admin frames the app. The library's own header (addDocumentResponseHeaders) narrows
// this to the one shop when the request names it; browsers enforce both policies.
const SHOPIFY_ADMIN_FRAMES = [
  'https://admin.shopify.com',
  'https://*.myshopify.com',
  'https://*.spin.dev',
  'https://admin.myshopify.io',
  'https://admin.shop.dev',
]
// The library's exit-iframe page breaks out of the frame with an inline script of its own, without a nonce.
const EXIT_IFRAME_PATH = '/shopify/auth/exit-iframe'

const nonceOf = (res: ServerResponse) => `'nonce-${(res as Response).locals.cspNonce as string}'`

/**
 * The embedded Shopify app under /shopify: framed by the Shopify admin (so no X-Frame-Options), App Bridge
 * from Shopify's CDN, React Router's inline scripts by a per-response nonce (res.locals.cspNonce).
 * The login form redirects to the admin's install page. Development drops the script rules (Vite's client).
 */
export function shopifySecurityHeaders({
  isDevelopment,
  isHttps,
}: {
  isDevelopment: boolean
  isHttps: boolean
}): RequestHandler[] {
  const setNonce: RequestHandler = (req, res, next) => {
    res.locals.cspNonce = randomBytes(16).toString('base64')
    next()
  }
  const scriptSources = (req: IncomingMessage, res: ServerResponse) =>
    ((req as Request).originalUrl ?? req.url ?? '').startsWith(EXIT_IFRAME_PATH) ? "'unsafe-inline'" : nonceOf(res)
  const headers = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: isDevelopment
        ? {
            defaultSrc: helmet.contentSecurityPolicy.dangerouslyDisableDefaultSrc,
            frameAncestors: SHOPIFY_ADMIN_FRAMES,
          }
        : {
            defaultSrc: ["'self'"],
            scriptSrc: ["'self'", 'https://cdn.shopify.com', (req, res) => scriptSources(req, res)],
            styleSrc: ["'self'", "'unsafe-inline'"],
            imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
            fontSrc: ["'self'", 'data:', 'https://cdn.shopify.com'],
            // App Bridge reports to Shopify's endpoints from the app's frame.
            connectSrc: ["'self'", 'https://*.shopify.com', 'https://*.shopifysvc.com'],
            objectSrc: ["'none'"],
            frameAncestors: SHOPIFY_ADMIN_FRAMES,
            baseUri: ["'self'"],
            formAction: ["'self'", 'https://admin.shopify.com', 'https://*.myshopify.com'],
            upgradeInsecureRequests: isHttps ? [] : null,
          },
    },
    xFrameOptions: false,
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    strictTransportSecurity: !isHttps ? false : { maxAge: 15_552_000, includeSubDomains: true },
  })
  return [setNonce, headers]
}
