import type { RequestHandler } from 'express'

/**
 * CORS for the public widget calls. They carry no cookies and every data-bearing call checks the
 * page's origin against its integration itself, so the browser may let any page send them and read
 * the answer (a refusal included); credentials are never allowed.
 */
export const widgetCors: RequestHandler = (req, res, next) => {
  const origin = req.get('origin')
  if (origin) {
    res.setHeader('Access-Control-Allow-Origin', origin)
    res.vary('Origin')
    res.setHeader('Access-Control-Expose-Headers', 'X-Request-Id, Retry-After')
  }
  if (req.method === 'OPTIONS') {
    res.setHeader('Access-Control-Allow-Methods', 'GET, POST')
    res.setHeader('Access-Control-Allow-Headers', 'Authorization, Content-Type, Accept')
    res.setHeader('Access-Control-Max-Age', '600')
    res.status(204).end()
    return
  }
  next()
}
