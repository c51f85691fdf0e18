// Builds the chat widget into dist/widget/v1/: widget.js (the loader, a classic script, at a stable
// URL), chat.<hash>.js (the chat window, an ES module named by its content, cached for good) and
// cards.<hash>.js (a storefront's product cards, which the chat window loads on Shopify storefronts only).
// The same loader is written as the Shopify theme app extension's asset (it names the server with
// data-server there, and loads the chat window from it).
import { createHash } from 'node:crypto'
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import { build, type Rollup } from 'vite'

const source = (file: string) => fileURLToPath(new URL(`../widget/src/${file}`, import.meta.url))
export const WIDGET_DIR = fileURLToPath(new URL('../dist/widget/v1/', import.meta.url))
const SHOPIFY_ASSETS = fileURLToPath(new URL('../extensions/chat-widget/assets/', import.meta.url))

async function bundle(entry: string, format: 'es' | 'iife', define: Record<string, string> = {}): Promise<string> {
  const output = (await build({
    configFile: false,
    logLevel: 'warn',
    define,
    build: {
      write: false,
      target: 'es2020',
      minify: true,
      lib: { entry: source(entry), formats: [format], name: 'AgentDeskWidget', fileName: () => 'bundle.js' },
    },
  })) as Rollup.RollupOutput[]
  const chunk = output[0]?.output.find((item) => item.type === 'chunk')
  if (!chunk || chunk.type !== 'chunk') throw new Error(`no bundle for ${entry}`)
  return chunk.code
}

/** A widget file beside its Brotli and gzip copies: the server sends the one the browser takes (serve-widget.ts). */
export function writeWidgetFile(dir: string, name: string, code: string) {
  writeFileSync(`${dir}${name}`, code)
  writeFileSync(`${dir}${name}.gz`, gzipSync(code, { level: 9 }))
  writeFileSync(
    `${dir}${name}.br`,
    brotliCompressSync(code, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }),
  )
}

const contentName = (name: string, code: string) =>
  `${name}.${createHash('sha256').update(code).digest('hex').slice(0, 10)}.js`

export async function buildWidget(): Promise<{
  loader: string
  chat: string
  loaderGzipBytes: number
  chatGzipBytes: number
  cardsGzipBytes: number
}> {
  const cardsCode = await bundle('product-cards.ts', 'es')
  const cardsFile = contentName('cards', cardsCode)
  const chatCode = await bundle('chat.ts', 'es', { __CARDS_FILE__: JSON.stringify(cardsFile) })
  const chatFile = contentName('chat', chatCode)
  const loaderCode = await bundle('loader.ts', 'iife', { __CHAT_FILE__: JSON.stringify(chatFile) })
  mkdirSync(WIDGET_DIR, { recursive: true })
  for (const old of readdirSync(WIDGET_DIR)) rmSync(`${WIDGET_DIR}${old}`)
  writeWidgetFile(WIDGET_DIR, chatFile, chatCode)
  writeWidgetFile(WIDGET_DIR, cardsFile, cardsCode)
  writeWidgetFile(WIDGET_DIR, 'widget.js', loaderCode)
  mkdirSync(SHOPIFY_ASSETS, { recursive: true })
  writeFileSync(`${SHOPIFY_ASSETS}agentdesk-widget.js`, loaderCode)
  return {
    loader: 'widget.js',
    chat: chatFile,
    loaderGzipBytes: gzipSync(loaderCode).length,
    chatGzipBytes: gzipSync(chatCode).length,
    cardsGzipBytes: gzipSync(cardsCode).length,
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const built = await buildWidget()
  console.log(
    `widget: ${built.loader} ${built.loaderGzipBytes} B gzipped, ${built.chat} ${built.chatGzipBytes} B gzipped, cards ${built.cardsGzipBytes} B gzipped`,
  )
}
