// The walk's fixed battery: malformed ids in each path parameter, NUL and control characters, JSON
// nested 16,000 levels deep, wrong types, and multipart bodies carrying the same.
import { randomUUID } from 'node:crypto'
import { signedProxyQuery } from './signed-proxy-query.ts'
import { PROXY_SECRET, type Fixture, type WalkApp } from './walk-app.ts'
import { goodBody, goodParams, goodQuery, fillPath } from './walk-good-requests.ts'

// Each path parameter in turn gets every one of these, the others keeping good values.
const BAD_IDS = [
  '0'.repeat(36),
  '-'.repeat(36),
  '0123456789abcdef-0123456789abcdef-01', // 36 hex digits and dashes, not shaped like a UUID
  '00000000-0000-0000-0000-000000000000', // well formed, names nothing
  'not-an-id',
  '%00',
  `${randomUUID()}%00`,
  `wk_${'A'.repeat(21)}%00`, // a widget client key, where an integration may be named by it
  '%C0%AE', // overlong UTF-8: not decodable
  encodeURIComponent('☃💥ü'),
  'x'.repeat(2_000),
]

// Values every field of a body is set to at once.
const BAD_VALUES: [string, unknown][] = [
  ['a NUL character', 'a\u0000b'],
  ['control characters', 'a\u001bb\u0007c\u007f'],
  ['a lone surrogate', 'a\ud800b'],
  ['a number', 123],
  ['a huge number', 1e308],
  ['a boolean', true],
  ['null', null],
  ['an empty list', []],
  ['a list of mixed things', ['a', 1, null, {}]],
  ['an object', { a: 'b' }],
  ['JSON nested 40 levels', nested(40)],
  ['36 dashes', '-'.repeat(36)],
  ['a long string', 'x'.repeat(20_000)],
]

// Values every field of a query is set to at once (a query string has only text and repeated keys).
const BAD_QUERY_VALUES: [string, string | string[]][] = [
  ['a NUL character', 'a\u0000b'],
  ['control characters', 'a\u001bb'],
  ['a repeated key', ['1', '2']],
  ['36 dashes', '-'.repeat(36)],
  ['a long string', 'x'.repeat(400)],
  ['a huge number', '1e309'],
  ['unicode', '☃💥'],
]

function nested(depth: number): unknown {
  let value: unknown = 'bottom'
  for (let level = 0; level < depth; level += 1) value = level % 2 ? [value] : { a: value }
  return value
}

const deepObjectText = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`
const deepArrayText = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`

const ID_FIELDS = ['agent_id', 'conversation_id', 'team_id', 'team_member_id', 'member_id']

// The text fields of each multipart form, by the name of its file field.
const MULTIPART_FORMS: Record<string, string[]> = {
  document_file: ['document_name', 'document_description', 'document_language', 'document_tags', 'meta_data'],
  website_logo: [
    'website_name',
    'website_domain',
    'start_message',
    'widget_position',
    'widget_color',
    'bot_name',
    'auto_open_chat',
    'collect_user_email',
    'enable_attachments',
    'show_branding',
    'allow_subdomains',
    'is_active',
    'daily_token_budget',
  ],
  attachment: ['message_text', 'stream'],
  profile_image: [],
}

export interface Probe {
  label: string
  path: string
  json?: string
  query?: Record<string, string | string[]>
  form?: { fields: Record<string, string>; file?: string; fileName?: string }
}

/** Every probe of the battery for one route, on a fresh fixture. */
export function probesFor(
  walk: WalkApp,
  route: string,
  fixture: Fixture,
  fileField: string | undefined,
  /** The good body the route takes (bodyTakenBy), when the walk has asked it; else the whole good body. */
  takenBody?: Record<string, unknown>,
): Probe[] {
  const [method, template] = route.split(' ') as [string, string]
  const good = goodParams(route, fixture, walk)
  const path = fillPath(template, good)
  const probes: Probe[] = []
  for (const param of template.match(/:\w+/g) ?? []) {
    for (const badId of BAD_IDS)
      probes.push({
        label: `${param} = ${badId.slice(0, 40)}`,
        path: fillPath(template, { ...good, [param.slice(1)]: badId }),
      })
  }
  if (method === 'GET' || method === 'DELETE') {
    const query = goodQuery(fixture, walk)
    probes.push({ label: 'good query', path, query })
    for (const [label, value] of BAD_QUERY_VALUES) {
      probes.push({
        label: `every query field ${label}`,
        path,
        query: Object.fromEntries(Object.keys(query).map((key) => [key, value])),
      })
    }
    for (const badId of BAD_IDS.slice(0, 5))
      probes.push({
        label: `query ids = ${badId}`,
        path,
        query: { ...query, agent_id: badId, team_id: badId, member_id: badId },
      })
  }
  if (method === 'GET') return probes
  const body = takenBody ?? goodBody(fixture, route)
  for (const [label, json] of [
    ['a deep object (16,000 levels)', deepObjectText(16_000)],
    ['a deep list (16,000 levels)', deepArrayText(16_000)],
    ['a deep object in meta_data', `{"text_title":"t","text_content":"c","meta_data":${deepObjectText(16_000)}}`],
    ['null', 'null'],
    ['a list', '[]'],
    ['a number', '42'],
    ['a string', '"text"'],
    ['broken JSON', '{"a": '],
    ['the good body', JSON.stringify(body)],
  ]) {
    probes.push({ label: `JSON body: ${label}`, path, json })
  }
  for (const [label, value] of BAD_VALUES) {
    probes.push({
      label: `every body field ${label}`,
      path,
      json: JSON.stringify(Object.fromEntries(Object.keys(body).map((key) => [key, value]))),
    })
  }
  for (const badId of BAD_IDS.slice(0, 7)) {
    probes.push({
      label: `body ids = ${badId}`,
      path,
      json: JSON.stringify({
        ...body,
        ...Object.fromEntries(ID_FIELDS.map((key) => [key, decodeURIComponentSafely(badId)])),
      }),
    })
  }
  if (fileField) probes.push(...multipartProbes(path, fileField, body, takenBody !== undefined))
  return probes
}

// A multipart route's fields are read after the upload is parsed: each field in turn carries NUL,
// control characters or deeply nested JSON, the others good, with the file and without.
function multipartProbes(path: string, fileField: string, body: Record<string, unknown>, isTaken: boolean): Probe[] {
  const form = MULTIPART_FORMS[fileField]
  if (!form) throw new Error(`no form for the multipart field ${fileField}: add one to MULTIPART_FORMS`)
  // Strict here too: a form sends only the fields its route took as JSON.
  const fields = isTaken ? form.filter((field) => field in body) : form
  const goodFields = Object.fromEntries(
    fields.map((field) => [
      field,
      typeof body[field] === 'string' ? (body[field] as string) : JSON.stringify(body[field]),
    ]),
  )
  const probes: Probe[] = [
    { label: `multipart: good fields`, path, form: { fields: goodFields, file: fileField } },
    {
      label: `multipart: a file named with control characters`,
      path,
      form: { fields: goodFields, file: fileField, fileName: 'a\u0000b\u001b.txt' },
    },
  ]
  for (const field of fields) {
    for (const [label, value] of [
      ['a NUL character', 'a\u0000b'],
      ['control characters', 'a\u001bb\u0007'],
      ['an object nested 16,000 levels', deepObjectText(16_000)],
      ['a list nested 16,000 levels', deepArrayText(16_000)],
    ] as const) {
      const form = { ...goodFields, [field]: value }
      probes.push(
        { label: `multipart ${field}: ${label}`, path, form: { fields: form, file: fileField } },
        { label: `multipart ${field}: ${label}, no file`, path, form: { fields: form } },
      )
    }
  }
  return probes
}

function decodeURIComponentSafely(value: string) {
  try {
    return decodeURIComponent(value)
  } catch {
    return value
  }
}

/** The shop's query as Shopify signs it, for the app proxy. */
function signedShopQuery(entries: [string, string][]) {
  return signedProxyQuery(
    [...entries, ['path_prefix', '/apps/agentdesk'], ['timestamp', String(Math.trunc(Date.now() / 1000))]],
    PROXY_SECRET,
  ).toString()
}

/** The app proxy's signed query with hostile shop and customer values. */
export function proxyProbes(): Probe[] {
  const probes: Probe[] = []
  for (const [label, value] of BAD_QUERY_VALUES) {
    for (const text of Array.isArray(value) ? value : [value]) {
      probes.push({
        label: `signed shop ${label}`,
        path: `/shopify/proxy/bootstrap?${signedShopQuery([
          ['shop', text],
          ['logged_in_customer_id', ''],
        ])}`,
      })
      probes.push({
        label: `signed customer id ${label}`,
        path: `/shopify/proxy/bootstrap?${signedShopQuery([
          ['shop', 'walk.myshopify.com'],
          ['logged_in_customer_id', text],
        ])}`,
      })
    }
  }
  return probes
}
