import express, { type RequestHandler, type Response } from 'express'
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

const WIDGET_DIR = fileURLToPath(new URL('../../dist/widget/v1/', import.meta.url))
const BUILT_FILE = /^\/[\w-]+(\.[\da-f]{10})?\.js$/

/** Any page may load the widget's files; the loader's URL never changes, the others are named by their content. */
function widgetHeaders(res: Response, path: string) {
  res.setHeader('Access-Control-Allow-Origin', '*')
  res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin')
  res.setHeader(
    'Cache-Control',
    path.endsWith('/widget.js') ? 'public, max-age=300, must-revalidate' : 'public, max-age=31536000, immutable',
  )
}

/**
 * The widget's files at /widget/v1/ (built by `npm run build`). Customers' pages load them from their
 * own origins: cross-origin loading is allowed. The loader's URL never changes, so it is cached for
 * five minutes; the chat window and the product cards are named by their content, so they are cached for
 * a year. Each is sent Brotli- or gzip-compressed when the browser takes it (the build writes both).
 * `directory` (ending in /) is dist/widget/v1/ but in tests.
 */
export function serveWidget(directory = WIDGET_DIR): RequestHandler[] {
  const compressed: RequestHandler = (req, res, next) => {
    if (!BUILT_FILE.test(req.path)) return next()
    // Brotli whenever the browser takes it (browsers list gzip first, at the same weight).
    const encoding =
      req.acceptsEncodings('br') === 'br' ? 'br' : req.acceptsEncodings('gzip') === 'gzip' ? 'gzip' : null
    const suffix = encoding === 'br' ? '.br' : encoding === 'gzip' ? '.gz' : null
    res.vary('Accept-Encoding')
    if (!suffix || !existsSync(`${directory}${req.path.slice(1)}${suffix}`)) return next()
    widgetHeaders(res, req.path)
    res.setHeader('Content-Encoding', encoding as string)
    res.type('js')
    res.sendFile(`${req.path.slice(1)}${suffix}`, { root: directory, dotfiles: 'deny' }, (error) => {
      if (error) next(error)
    })
  }
  const plain = express.static(directory, {
    index: false,
    fallthrough: true,
    setHeaders: widgetHeaders,
  })
  return [compressed, plain]
}
