import { startLocalServer } from './local-http-server.ts'

const page = (title: string, body: string) => `<!doctype html><html><head><title>${title}</title></head><body>
<nav><a href="/">Menu item home</a> <a href="/about">Menu item about</a></nav>
<article><h1>${title}</h1>${body}</article><footer>Footer text © Acme</footer></body></html>`

/** A small website on 127.0.0.1 with the awkward parts a crawler meets; it records every path requested. */
export async function startLocalWebsite() {
  const requested: string[] = []
  const content: Record<string, string> = {
    '/about': '<p>Acme was founded in 1999 by two lamp makers who wanted better light for reading.</p>',
  }
  const server = await startLocalServer(async (req, res) => {
    const path = req.url ?? '/'
    requested.push(path)
    const html = (status: number, text: string) => {
      res.writeHead(status, { 'Content-Type': 'text/html; charset=utf-8' })
      res.end(text)
    }
    if (path === '/robots.txt') {
      res.writeHead(200, { 'Content-Type': 'text/plain' })
      return res.end(`User-agent: *\nDisallow: /private\nSitemap: ${server.url}/sitemap.xml\n`)
    }
    if (path === '/sitemap.xml') {
      res.writeHead(200, { 'Content-Type': 'application/xml' })
      return res.end(
        `<?xml version="1.0"?><urlset><url><loc>${server.url}/</loc></url><url><loc>${server.url}/about</loc></url><url><loc>${server.url}/private/secret</loc></url></urlset>`,
      )
    }
    if (path === '/') {
      return html(
        200,
        page(
          'Acme lamps',
          `<p>Welcome to Acme. We sell reading lamps, desk lamps and floor lamps made of oak and brass.</p>
        <p><a href="/about">About us</a> <a href="/moved">Old page</a> <a href="/loop-a">Loop</a> <a href="/slow">Slow</a> <a href="/huge">Huge</a>
        <a href="/to-metadata">Metadata</a> <a href="/to-private">Sneaky</a> <a href="/about-again">About again</a> <a href="/private/secret">Secret</a> <a href="/logo.png">Logo</a> <a href="https://elsewhere.example/">Elsewhere</a></p>`,
        ),
      )
    }
    if (path === '/about') return html(200, page('About Acme', content['/about'] ?? ''))
    if (path === '/moved') {
      res.writeHead(301, { Location: '/new-home' })
      return res.end()
    }
    if (path === '/new-home')
      return html(
        200,
        page(
          'New home',
          '<p>The moved page now lives here, with its delivery information: parcels ship within two days.</p>',
        ),
      )
    if (path === '/loop-a')
      return html(
        200,
        page(
          'Loop A',
          '<p>Loop page A links to loop page B and back again, forever and ever.</p><a href="/loop-b">B</a>',
        ),
      )
    if (path === '/loop-b')
      return html(
        200,
        page(
          'Loop B',
          '<p>Loop page B links to loop page A and back again, forever and ever.</p><a href="/loop-a">A</a>',
        ),
      )
    if (path === '/slow') {
      await new Promise((resolve) => setTimeout(resolve, 3_000))
      return html(200, page('Slow', '<p>Too late.</p>'))
    }
    if (path === '/huge') return html(200, page('Huge', `<p>${'x'.repeat(2_000_000)}</p>`))
    if (path === '/to-metadata') {
      res.writeHead(302, { Location: 'http://169.254.169.254/latest/meta-data/' })
      return res.end()
    }
    if (path === '/to-private') {
      res.writeHead(302, { Location: '/private/via-redirect' })
      return res.end()
    }
    if (path === '/about-again') {
      res.writeHead(301, { Location: '/about' })
      return res.end()
    }
    if (path.startsWith('/private')) return html(200, page('Secret', '<p>Should never be crawled.</p>'))
    html(404, page('Not found', '<p>Nothing here.</p>'))
  })
  return { url: server.url, requested, content, close: server.close }
}
