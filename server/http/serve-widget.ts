import express, { type RequestHandler } from 'express'
import { fileURLToPath } from 'node:url'

const WIDGET_DIR = fileURLToPath(new URL('../../dist/widget/v1/', import.meta.url))

/**
 * The widget's files at /widget/v1/ (built by `npm run build`). Customers' pages load them from their
 * own origins: cross-origin loading is allowed. The loader's URL never changes, so it is cached for
 * five minutes; the chat window is named by its content, so it is cached for a year.
 */
export function serveWidget(): RequestHandler {
  return express.static(WIDGET_DIR, {
    index: false,
    fallthrough: true,
    setHeaders(res, path) {
      res.setHeader('Access-Control-Allow-Origin', '*')
      res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin')
      res.setHeader(
        'Cache-Control',
        path.endsWith('/widget.js') ? 'public, max-age=300, must-revalidate' : 'public, max-age=31536000, immutable',
      )
    },
  })
}
