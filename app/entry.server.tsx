// Renders every document under /shopify: Shopify's frame headers first, then the whole page at once
// (the loaders await their data, so there is nothing to stream), inline scripts under this response's nonce.
import { PassThrough } from 'node:stream'
import { createReadableStreamFromReadable } from '@react-router/node'
import { renderToPipeableStream } from 'react-dom/server'
import { ServerRouter, type AppLoadContext, type EntryContext } from 'react-router'
import './load-context.ts'

export const streamTimeout = 5_000

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  loadContext.shopify.addDocumentResponseHeaders(request, responseHeaders)
  const nonce = loadContext.cspNonce
  return new Promise<Response>((resolve, reject) => {
    let status = responseStatusCode
    let isRendered = false
    const { pipe, abort } = renderToPipeableStream(
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />,
      {
        nonce,
        onAllReady() {
          isRendered = true
          const body = new PassThrough()
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
          resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status }))
          pipe(body)
        },
        onShellError(error: unknown) {
          reject(error)
        },
        onError(error: unknown) {
          status = 500
          // Before the page is sent the error reaches the Express error handler; after, only the log.
          if (isRendered) loadContext.logger.error({ err: error }, 'Shopify app render failed')
        },
      },
    )
    setTimeout(abort, streamTimeout + 1_000)
  })
}
