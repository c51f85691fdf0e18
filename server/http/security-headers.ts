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
