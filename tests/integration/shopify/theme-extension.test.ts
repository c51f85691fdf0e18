// The theme app extension (extensions/chat-widget): Shopify's own theme-check with the app-extension
// rules, plus what theme-check does not look at (schema shape, setting types, Shopify's size limits,
// escaping of every value put into the markup, and the loader contract of the data-* attributes).
// theme-check's docs updater reads its bundled data, never the network, while SHOPIFY_TLD_ROOT names no
// folder: set before its dynamic import below, and restored after this file (files share a worker).
import { execFileSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

const ROOT = fileURLToPath(new URL('../../../', import.meta.url))
const EXTENSION = join(ROOT, 'extensions/chat-widget')
const BLOCK = join(EXTENSION, 'blocks/chat-embed.liquid')
const ASSET = join(EXTENSION, 'assets/agentdesk-widget.js')

// Shopify's input and sidebar setting types (shopify.dev, "Input settings" and "Sidebar settings").
const SETTING_TYPES = new Set([
  'checkbox',
  'number',
  'radio',
  'range',
  'select',
  'text',
  'textarea',
  'article',
  'blog',
  'collection',
  'collection_list',
  'color',
  'color_background',
  'color_scheme',
  'color_scheme_group',
  'font_picker',
  'html',
  'image_picker',
  'inline_richtext',
  'link_list',
  'liquid',
  'metaobject',
  'metaobject_list',
  'page',
  'product',
  'product_list',
  'richtext',
  'text_alignment',
  'url',
  'video',
  'video_url',
  'header',
  'paragraph',
])

interface Setting {
  type: string
  id?: string
  label?: string
  default?: string
  options?: { value: string; label: string }[]
}

interface BlockSchema {
  name: string
  target: string
  available_if?: string
  javascript?: string
  settings: Setting[]
}

const blockSource = () => readFileSync(BLOCK, 'utf8')

function schemaOf(source: string): BlockSchema {
  const match = /{%-?\s*schema\s*-?%}([\s\S]*?){%-?\s*endschema\s*-?%}/.exec(source)
  if (!match?.[1]) throw new Error('the block has no {% schema %}')
  return JSON.parse(match[1]) as BlockSchema
}

/** The block's markup: the Liquid outside {% schema %} and {% comment %}. */
const markupOf = (source: string) =>
  source
    .replace(/{%-?\s*schema[\s\S]*?endschema\s*-?%}/, '')
    .replace(/{%-?\s*comment\s*-?%}[\s\S]*?{%-?\s*endcomment\s*-?%}/g, '')

const filesUnder = (folder: string): string[] =>
  existsSync(folder)
    ? readdirSync(folder, { withFileTypes: true }).flatMap((entry) =>
        entry.isDirectory() ? filesUnder(join(folder, entry.name)) : [join(folder, entry.name)],
      )
    : []

const tldRoot = process.env.SHOPIFY_TLD_ROOT
beforeAll(() => {
  process.env.SHOPIFY_TLD_ROOT = '/nonexistent'
  // The asset is the widget build's output (scripts/build-widget.ts); build it when a fresh checkout lacks it.
  if (!existsSync(ASSET))
    execFileSync(process.execPath, [join(ROOT, 'scripts/build-widget.ts')], { cwd: ROOT, stdio: 'pipe' })
}, 120_000)
afterAll(() => {
  if (tldRoot === undefined) delete process.env.SHOPIFY_TLD_ROOT
  else process.env.SHOPIFY_TLD_ROOT = tldRoot
})

describe('theme-check', () => {
  it('finds nothing with the theme app extension configuration', async () => {
    const require = createRequire(import.meta.url)
    const { themeCheckRun } = await import('@shopify/theme-check-node')
    const result = await themeCheckRun(
      EXTENSION,
      require.resolve('@shopify/theme-check-node/configs/theme-app-extension.yml'),
    )
    // The app-extension rules really ran (they are off in the default configuration).
    expect(result.config.context).toBe('app')
    expect(result.config.checks.map((check) => check.meta.code)).toEqual(
      expect.arrayContaining(['AppBlockValidTags', 'AppBlockMissingSchema', 'ValidSchemaTranslations', 'MissingAsset']),
    )
    expect(result.offenses.map((offense) => `${offense.check} ${offense.uri}: ${offense.message}`)).toEqual([])
  })
})

describe('the app embed block', () => {
  it('is the extension’s only block, an app embed on the body', () => {
    expect(readdirSync(join(EXTENSION, 'blocks'))).toEqual(['chat-embed.liquid'])
    expect(schemaOf(blockSource()).target).toBe('body')
    expect(readFileSync(join(EXTENSION, 'shopify.extension.toml'), 'utf8')).toMatch(/^type = "theme"$/m)
  })

  it('shows only once the app has written the widget key metafield', () => {
    expect(schemaOf(blockSource()).available_if).toBe('{{ app.metafields.agentdesk.widget_key }}')
  })

  it('offers colour, position, bot name and start message with the SPEC’s defaults, in valid setting types', () => {
    const { settings } = schemaOf(blockSource())
    expect(settings.length).toBeLessThanOrEqual(25)
    for (const setting of settings) expect(SETTING_TYPES.has(setting.type), setting.type).toBe(true)
    expect(new Set(settings.map((setting) => setting.id)).size).toBe(settings.length)
    const byId: Record<string, Setting | undefined> = Object.fromEntries(
      settings.map((setting) => [setting.id ?? '', setting]),
    )
    expect(byId.color).toMatchObject({ type: 'color', default: '#6366f1' })
    expect(byId.position).toMatchObject({ type: 'select', default: 'bottom-right' })
    expect(byId.position?.options?.map((option) => option.value)).toEqual([
      'bottom-right',
      'bottom-left',
      'top-right',
      'top-left',
    ])
    expect(byId.bot_name).toMatchObject({ type: 'text', default: 'Assistant' })
    expect(byId.start_message).toMatchObject({ type: 'text', default: 'Hello! How can I help you today?' })
  })

  it('loads the widget from the extension’s asset with the key and server from app metafields, never a merchant setting', () => {
    const markup = markupOf(blockSource())
    expect(markup).toContain(`src="{{ 'agentdesk-widget.js' | asset_url }}"`)
    expect(markup).toContain('app.metafields.agentdesk.widget_key.value')
    expect(markup).toContain('app.metafields.agentdesk.server_url.value')
    expect(schemaOf(blockSource()).settings.some((setting) => /key|server/i.test(setting.id ?? ''))).toBe(false)
    // A deferred script: never parser-blocking on the storefront.
    expect(markup).toMatch(/<script[^>]*\sdefer[\s>]/)
  })

  it('escapes every value it writes into the markup', () => {
    const outputs = [...markupOf(blockSource()).matchAll(/{{-?\s*([\s\S]*?)\s*-?}}/g)].map((match) => match[1] ?? '')
    expect(outputs.length).toBeGreaterThan(0)
    for (const output of outputs) {
      if (output === `'agentdesk-widget.js' | asset_url`) continue // a URL Shopify builds from a constant
      expect(output, output).toMatch(/\|\s*escape$/)
    }
  })

  it('passes the key and the server in the data-* attributes the widget loader reads', () => {
    const attributes = [...markupOf(blockSource()).matchAll(/\s(data-[a-z-]+)=/g)].map((match) => match[1] ?? '')
    const loader = readFileSync(join(ROOT, 'widget/src/loader.ts'), 'utf8')
    const datasetName = (attribute: string) =>
      attribute.slice(5).replace(/-([a-z])/g, (_dash, letter: string) => letter.toUpperCase())
    const read = attributes.filter((attribute) => loader.includes(`dataset.${datasetName(attribute)}`))
    expect(read).toEqual(expect.arrayContaining(['data-client-key', 'data-server']))
  })

  // The loader's reading of these attributes is tested in widget/src/widget-config.test.ts (withPageSettings).
})

describe('Shopify’s size limits', () => {
  it('keeps all Liquid under 100 KB', () => {
    const liquid = filesUnder(EXTENSION).filter((file) => file.endsWith('.liquid'))
    const total = liquid.reduce((sum, file) => sum + statSync(file).size, 0)
    expect(total).toBeLessThan(100 * 1024)
  })

  it('keeps the widget script under the 10,000 B recommended for app blocks', () => {
    expect(statSync(ASSET).size).toBeLessThan(10_000)
  })

  it('has a label for every t: key in the schema', () => {
    const labels = JSON.parse(readFileSync(join(EXTENSION, 'locales/en.default.schema.json'), 'utf8')) as Record<
      string,
      unknown
    >
    const keys = [...JSON.stringify(schemaOf(blockSource())).matchAll(/"t:([a-z_.]+)"/g)].map((match) => match[1] ?? '')
    expect(keys.length).toBeGreaterThan(0)
    for (const key of keys) {
      const value = key
        .split('.')
        .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], labels)
      expect(typeof value, key).toBe('string')
    }
  })
})
