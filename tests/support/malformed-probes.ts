// The walk's fixed battery: malformed ids in each path parameter, NUL and control characters, JSON
// nested 16,000 levels deep, wrong types, and multipart bodies carrying the same.
import { randomUUID } from 'node:crypto'
import { signedProxyQuery } from './signed-proxy-query.ts'
import { PROXY_SECRET, type Fixture, type WalkApp } from './walk-app.ts'

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

// Field names of every body and query this API reads, each with a value it would take.
export function goodBody(fixture: Fixture, route: string): Record<string, unknown> {
  // A strict body of one field: the shared good body's other fields would be refused.
  if (route === 'POST /api/accounts/login/link/') return { email: `walk-${randomUUID()}@walk.example.com` }
  // An invitation is sent again or revoked for someone who has not joined.
  const memberId = route.includes('-invitation/') ? fixture.invitedMemberId : fixture.teamMemberId
  return {
    name: 'Walk name',
    description: 'Walk description',
    visibility: 'private',
    instructions: 'Be brief.',
    llm_model: 'gpt-4o-mini',
    llm_temperature: 0.5,
    llm_max_tokens: 100,
    avatar_url: 'https://example.com/a.png',
    is_favorite: true,
    is_archived: false,
    is_active: true,
    text_title: 'Walk title',
    text_content: 'Walk content',
    text_description: 'Walk text description',
    text_tags: ['walk'],
    meta_data: { source: 'walk' },
    document_name: 'walk.txt',
    document_description: 'Walk document',
    document_language: 'en',
    document_tags: ['walk'],
    website_url: 'https://example.com/',
    website_name: 'Walk site',
    crawling: false,
    max_pages: 5,
    max_depth: 1,
    include_patterns: ['/docs/*'],
    exclude_patterns: [],
    recrawl_interval_hours: null,
    object_name: 'walk',
    agent_id: fixture.agentId,
    conversation_id: fixture.conversationId,
    message_text: 'Hello',
    stream: false,
    team_id: fixture.teamId,
    team_name: 'Walk team',
    team_member_id: memberId,
    team_member_name: 'Walker',
    team_member_email: `walker-${randomUUID()}@walk.example.com`,
    team_member_role: 'viewer',
    member_id: fixture.teamMemberId,
    permission: 'read',
    action: 'view',
    content_type: 'text',
    website_domain: 'shop.example.com',
    start_message: 'Hi there',
    widget_position: 'top-left',
    widget_color: '#123456',
    bot_name: 'Walker',
    auto_open_chat: true,
    collect_user_email: false,
    enable_attachments: true,
    show_branding: true,
    allow_subdomains: false,
    daily_token_budget: 1_000,
    full_name: 'Walk User',
    email: `walk-${randomUUID()}@walk.example.com`,
    // Never the owner's real password: the battery must not delete the account it walks with.
    password: 'Wrong-Pass-1',
    old_password: 'Wrong-Pass-1',
    new_password: 'Other-Pass-2',
    new_email: `new-${randomUUID()}@walk.example.com`,
    refresh_token: 'wr_not-a-token',
    code: 'not-a-code',
    code_verifier: 'v'.repeat(43),
    client_key: fixture.clientKey,
    visitor_email: 'visitor@example.com',
    question: 'Do you ship to Canada?',
    answer: 'Yes, within five days.',
    rating: 'up',
    url: 'https://hooks.example.com/walk',
    events: ['custom.event'],
  }
}

const ID_FIELDS = ['agent_id', 'conversation_id', 'team_id', 'team_member_id', 'member_id']

function goodQuery(fixture: Fixture, { member }: WalkApp): Record<string, string> {
  return {
    page: '1',
    page_size: '10',
    limit: '10',
    count: '5',
    search: 'walk',
    sort_by: 'name',
    filter: 'all',
    range: '7d',
    tz: 'Europe/Paris',
    agent_id: fixture.agentId,
    team_id: fixture.teamId,
    member_id: fixture.teamMemberId,
    email: member.email,
    message_text: 'Hello',
    stream: 'false',
    client_key: fixture.clientKey,
    token: 'not-a-token',
  }
}

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

/**
 * Bodies are strict: a route sent the walk's whole good body names the fields it does not take (400 with
 * `fields.<name>: ["Unknown field."]`). This is the good body less those, or undefined when the answer
 * named none (the route took it, or refused it before reading the body).
 */
export function bodyTakenBy(
  body: Record<string, unknown>,
  answer: { status: number; body: unknown },
): Record<string, unknown> | undefined {
  if (answer.status !== 400) return undefined
  const fields = (answer.body as { fields?: Record<string, string[]> } | undefined)?.fields ?? {}
  const unknown = Object.keys(fields).filter((key) => fields[key]!.includes('Unknown field.'))
  if (unknown.length === 0) return undefined
  return Object.fromEntries(Object.entries(body).filter(([key]) => !unknown.includes(key)))
}

/** The route's path with a good value in each parameter. */
export function goodPathFor(walk: WalkApp, route: string, fixture: Fixture): string {
  return fillPath(route.split(' ')[1]!, goodParams(route, fixture, walk))
}

/** Good values for each path parameter the routes use. */
export function goodParams(route: string, fixture: Fixture, { owner, widget }: WalkApp): Record<string, string> {
  const isVisitor = route.includes('/conversations/api/') || route.includes('/widget-logos/')
  return {
    agentId: fixture.agentId,
    textId: fixture.textId,
    documentId: fixture.documentId,
    websiteId: fixture.websiteId,
    objectType: 'text',
    objectId: fixture.textId,
    jobId: fixture.jobId,
    conversationId: isVisitor
      ? widget.conversationId
      : /\/(takeover|release|reply)\/$/.test(route)
        ? fixture.heldConversationId
        : fixture.conversationId,
    messageId: fixture.messageId,
    index: '0',
    version: '1',
    integrationId: isVisitor ? widget.integrationId : fixture.integrationId,
    id: fixture.conversationId,
    userId: owner.userId,
    keyId: fixture.apiKeyId,
    endpointId: fixture.webhookEndpointId,
    leadId: fixture.leadId,
    fileName: 'logo.png',
  }
}

export function fillPath(template: string, values: Record<string, string>) {
  return template.replace(/:(\w+)/g, (_match, name: string) => {
    const value = values[name]
    if (value === undefined) throw new Error(`no good value for :${name} in ${template}: add one to goodParams`)
    return value
  })
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
