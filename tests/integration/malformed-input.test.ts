// Every route of the router, read from Express itself, gets a fixed battery of hostile input: malformed
// ids in each path parameter, NUL and control characters, JSON nested 16,000 levels deep, wrong types,
// and multipart bodies carrying the same. Whatever a route answers, it is never a 5xx: a 500 here is
// input that reached the database or the code unchecked.
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createFileStorage } from '../../server/storage/create-file-storage.ts'
import { bearer, signUp, type SignedUp } from '../support/accounts.ts'
import { createTestApp, type TestApp } from '../support/create-test-app.ts'
import { listFileFields, listRoutes } from '../support/list-routes.ts'
import { signedProxyQuery } from '../support/signed-proxy-query.ts'

const PROXY_SECRET = 'shpss_malformed_input_secret'
const SITE = 'https://shop.example.com'

let testApp: TestApp
let owner: SignedUp
let member: SignedUp
let routes: string[]
let fileFields: Map<string, string>
/** The visitor's side: a widget token for the shared integration, and the visitor's conversation. */
let widget: { clientKey: string; integrationId: string; token: string; conversationId: string }

beforeAll(async () => {
  testApp = await createTestApp({
    WORKER_IN_SERVER: 'false',
    AUTH_RATE_LIMIT_PER_IP: '1000000',
    AUTH_RATE_LIMIT_PER_ACCOUNT: '1000000',
    CHAT_RATE_LIMIT_PER_MINUTE: '1000000',
    WIDGET_SESSIONS_PER_IP_PER_HOUR: '1000000',
    WIDGET_MESSAGES_PER_VISITOR_PER_MINUTE: '1000000',
    WIDGET_MESSAGES_PER_INTEGRATION_PER_MINUTE: '1000000',
    // The app proxy is mounted only with the Shopify app's credentials.
    SHOPIFY_API_KEY: 'malformed-input-api-key',
    SHOPIFY_API_SECRET: PROXY_SECRET,
    PUBLIC_URL: 'https://agentdesk.example',
  })
  owner = await signUp(testApp, { email: `owner-${randomUUID()}@walk.example.com` })
  member = await signUp(testApp, { email: `member-${randomUUID()}@walk.example.com` })
  routes = listRoutes(testApp.app).filter((route) => /^\S+ \/(api|shopify\/proxy)\//.test(route))
  fileFields = listFileFields(testApp.app)
  const shared = await freshFixture()
  const start = await testApp.request.post('/api/conversations/api/start-chat-widget/').set('Origin', SITE).send({ client_key: shared.clientKey })
  const conversation = await testApp.request.post('/api/conversations/api/create/').set({ Authorization: `Bearer ${start.body.token}`, Origin: SITE }).send({})
  if (conversation.status !== 201) throw new Error(`widget conversation: ${conversation.status} ${JSON.stringify(conversation.body)}`)
  widget = { clientKey: shared.clientKey, integrationId: shared.integrationId, token: start.body.token, conversationId: conversation.body.conversation_id }
})
afterAll(async () => {
  await testApp?.cleanup()
})

interface Fixture {
  agentId: string
  textId: string
  documentId: string
  websiteId: string
  jobId: string
  conversationId: string
  messageId: string
  integrationId: string
  clientKey: string
  teamId: string
  teamMemberId: string
}

// A fresh agent of the owner with one of everything: a destructive call in one route's battery never
// leaves the next route without something to act on.
async function freshFixture(): Promise<Fixture> {
  const { prisma } = testApp.database
  const accountId = owner.userId
  const agent = await prisma.agent.create({ data: { accountId, name: 'Walk agent' } })
  const text = await prisma.text.create({ data: { accountId, agentId: agent.id, title: 'T', content: 'Some content to answer from.' } })
  const storageKey = `agents/${agent.id}/documents/1_x_file.txt`
  await createFileStorage(testApp.config).put(storageKey, Buffer.from('file'), 'text/plain')
  const document = await prisma.document.create({ data: { accountId, agentId: agent.id, name: 'file.txt', format: 'txt', mimeType: 'text/plain', storageKey, sizeBytes: 4, status: 'ready' } })
  const website = await prisma.website.create({ data: { accountId, agentId: agent.id, url: 'https://example.com/', name: 'Site' } })
  const job = await prisma.job.create({ data: { kind: 'noop', accountId, agentId: agent.id, status: 'succeeded' } })
  const conversation = await prisma.conversation.create({ data: { accountId, agentId: agent.id, name: 'Walk chat', startedByUserId: owner.userId } })
  const message = await prisma.message.create({ data: { accountId, conversationId: conversation.id, senderType: 'user', text: 'Hi', answerError: 'unavailable' } })
  const clientKey = `wk_${randomUUID().replaceAll('-', '').slice(0, 24)}`
  const integration = await prisma.widgetIntegration.create({ data: { accountId, agentId: agent.id, clientKey, websiteName: 'Shop', websiteDomain: 'shop.example.com', startMessage: 'Hi' } })
  const team = await prisma.team.create({ data: { accountId, name: 'Walk team' } })
  await prisma.teamAgent.create({ data: { teamId: team.id, agentId: agent.id, accountId } })
  const teamMember = await prisma.teamMember.create({ data: { accountId, teamId: team.id, userId: member.userId, name: 'Member', email: member.email, role: 'member', status: 'active' } })
  return {
    agentId: agent.id,
    textId: text.id,
    documentId: document.id,
    websiteId: website.id,
    jobId: job.id,
    conversationId: conversation.id,
    messageId: message.id,
    integrationId: integration.id,
    clientKey,
    teamId: team.id,
    teamMemberId: teamMember.id,
  }
}

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
function goodBody(fixture: Fixture): Record<string, unknown> {
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
    team_member_id: fixture.teamMemberId,
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
  }
}

const ID_FIELDS = ['agent_id', 'conversation_id', 'team_id', 'team_member_id', 'member_id']

function goodQuery(fixture: Fixture): Record<string, string> {
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
  website_logo: ['website_name', 'website_domain', 'start_message', 'widget_position', 'widget_color', 'bot_name', 'auto_open_chat', 'collect_user_email', 'enable_attachments', 'show_branding', 'allow_subdomains', 'is_active', 'daily_token_budget'],
  attachment: ['message_text', 'stream'],
  profile_image: [],
}

interface Probe {
  label: string
  path: string
  json?: string
  query?: Record<string, string | string[]>
  form?: { fields: Record<string, string>; file?: string; fileName?: string }
}

/** Good values for each path parameter the routes use. */
function goodParams(route: string, fixture: Fixture): Record<string, string> {
  const isVisitor = route.includes('/conversations/api/') || route.includes('/widget-logos/')
  return {
    agentId: fixture.agentId,
    textId: fixture.textId,
    documentId: fixture.documentId,
    websiteId: fixture.websiteId,
    objectType: 'text',
    objectId: fixture.textId,
    jobId: fixture.jobId,
    conversationId: isVisitor ? widget.conversationId : fixture.conversationId,
    messageId: fixture.messageId,
    index: '0',
    integrationId: isVisitor ? widget.integrationId : fixture.integrationId,
    id: fixture.conversationId,
    userId: owner.userId,
    fileName: 'logo.png',
  }
}

function fillPath(template: string, values: Record<string, string>) {
  return template.replace(/:(\w+)/g, (_match, name: string) => {
    const value = values[name]
    if (value === undefined) throw new Error(`no good value for :${name} in ${template}: add one to goodParams`)
    return value
  })
}

function probesFor(route: string, fixture: Fixture, fileField: string | undefined): Probe[] {
  const [method, template] = route.split(' ') as [string, string]
  const good = goodParams(route, fixture)
  const path = fillPath(template, good)
  const probes: Probe[] = []
  for (const param of template.match(/:\w+/g) ?? []) {
    for (const badId of BAD_IDS) probes.push({ label: `${param} = ${badId.slice(0, 40)}`, path: fillPath(template, { ...good, [param.slice(1)]: badId }) })
  }
  if (method === 'GET' || method === 'DELETE') {
    const query = goodQuery(fixture)
    probes.push({ label: 'good query', path, query })
    for (const [label, value] of BAD_QUERY_VALUES) {
      probes.push({ label: `every query field ${label}`, path, query: Object.fromEntries(Object.keys(query).map((key) => [key, value])) })
    }
    for (const badId of BAD_IDS.slice(0, 5)) probes.push({ label: `query ids = ${badId}`, path, query: { ...query, agent_id: badId, team_id: badId, member_id: badId } })
  }
  if (method === 'GET') return probes
  const body = goodBody(fixture)
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
    probes.push({ label: `every body field ${label}`, path, json: JSON.stringify(Object.fromEntries(Object.keys(body).map((key) => [key, value]))) })
  }
  for (const badId of BAD_IDS.slice(0, 7)) {
    probes.push({ label: `body ids = ${badId}`, path, json: JSON.stringify({ ...body, ...Object.fromEntries(ID_FIELDS.map((key) => [key, decodeURIComponentSafely(badId)])) }) })
  }
  if (fileField) probes.push(...multipartProbes(path, fileField, body))
  return probes
}

// A multipart route's fields are read after the upload is parsed: each field in turn carries NUL,
// control characters or deeply nested JSON, the others good, with the file and without.
function multipartProbes(path: string, fileField: string, body: Record<string, unknown>): Probe[] {
  const fields = MULTIPART_FORMS[fileField]
  if (!fields) throw new Error(`no form for the multipart field ${fileField}: add one to MULTIPART_FORMS`)
  const goodFields = Object.fromEntries(fields.map((field) => [field, typeof body[field] === 'string' ? (body[field] as string) : JSON.stringify(body[field])]))
  const probes: Probe[] = [
    { label: `multipart: good fields`, path, form: { fields: goodFields, file: fileField } },
    { label: `multipart: a file named with control characters`, path, form: { fields: goodFields, file: fileField, fileName: 'a\u0000b\u001b.txt' } },
  ]
  for (const field of fields) {
    for (const [label, value] of [
      ['a NUL character', 'a\u0000b'],
      ['control characters', 'a\u001bb\u0007'],
      ['an object nested 16,000 levels', deepObjectText(16_000)],
      ['a list nested 16,000 levels', deepArrayText(16_000)],
    ] as const) {
      const form = { ...goodFields, [field]: value }
      probes.push({ label: `multipart ${field}: ${label}`, path, form: { fields: form, file: fileField } }, { label: `multipart ${field}: ${label}, no file`, path, form: { fields: form } })
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
  return signedProxyQuery([...entries, ['path_prefix', '/apps/agentdesk'], ['timestamp', String(Math.trunc(Date.now() / 1000))]], PROXY_SECRET).toString()
}

function proxyProbes(): Probe[] {
  const probes: Probe[] = []
  for (const [label, value] of BAD_QUERY_VALUES) {
    for (const text of Array.isArray(value) ? value : [value]) {
      probes.push({ label: `signed shop ${label}`, path: `/shopify/proxy/bootstrap?${signedShopQuery([['shop', text], ['logged_in_customer_id', '']])}` })
      probes.push({ label: `signed customer id ${label}`, path: `/shopify/proxy/bootstrap?${signedShopQuery([['shop', 'walk.myshopify.com'], ['logged_in_customer_id', text]])}` })
    }
  }
  return probes
}

function headersFor(route: string): Record<string, string> {
  if (route.includes(' /shopify/proxy/')) return { Referer: `${SITE}/products/lamp` }
  if (/ \/api\/(conversations\/api|widget-configurations|widget-logos)\//.test(route)) return { Authorization: `Bearer ${widget.token}`, Origin: SITE }
  return bearer(owner.access)
}

async function send(route: string, probe: Probe) {
  const method = route.split(' ')[0]!.toLowerCase() as 'get' | 'post' | 'put' | 'delete' | 'patch'
  let request = testApp.request[method](probe.path).set(headersFor(route))
  if (probe.query) request = request.query(probe.query)
  if (probe.json !== undefined) return request.set('Content-Type', 'application/json').send(probe.json)
  if (probe.form) {
    for (const [field, value] of Object.entries(probe.form.fields)) request = request.field(field, value)
    if (probe.form.file) request = request.attach(probe.form.file, Buffer.from('GIF89a walk file'), probe.form.fileName ?? 'walk.txt')
  }
  return request
}

/** What the server logged about a failed request (the client sees only a request id). */
function causeOf(body: unknown) {
  const requestId = (body as { request_id?: string } | undefined)?.request_id
  const logged = testApp.logLines.find((line) => (line.req as { id?: string } | undefined)?.id === requestId && line.err) as { err?: { message?: string } } | undefined
  return logged?.err?.message?.slice(0, 300) ?? JSON.stringify(body).slice(0, 300)
}

// The walk proves no hostile value gets through to a 5xx; these prove what the answer is: a 400 naming
// the field, whether the text came as JSON, in a query or in a multipart form.
describe('control characters in text fields', () => {
  const ESCAPES = ['Hi\u001b[31m', 'Ring\u0007', 'Delete\u007f', 'Back\bspace']
  const REFUSED_MESSAGE = 'Message text has characters that are not text'

  it('a message with an escape, a bell, DEL or a backspace is refused by every chat door, multipart included', async () => {
    const fixture = await freshFixture()
    const dashboardChat = `/api/conversations/chat/${fixture.agentId}/${fixture.conversationId}/`
    const visitorChat = `/api/conversations/api/chat/${widget.conversationId}/`
    const visitor = { Authorization: `Bearer ${widget.token}`, Origin: SITE }
    for (const text of ESCAPES) {
      const answers = {
        'dashboard chat, JSON': await testApp.request.post(dashboardChat).set(bearer(owner.access)).send({ message_text: text }),
        'dashboard chat, query': await testApp.request.get(dashboardChat).set(bearer(owner.access)).query({ message_text: text }),
        'send call, JSON': await testApp.request.post('/api/conversations/chat/').set(bearer(owner.access)).send({ message_text: text, agent_id: fixture.agentId, conversation_id: fixture.conversationId }),
        'widget, JSON': await testApp.request.post(visitorChat).set(visitor).send({ message_text: text }),
        'widget, multipart': await testApp.request.post(visitorChat).set(visitor).field('message_text', text),
        'widget, multipart with a file': await testApp.request.post(visitorChat).set(visitor).field('message_text', text).attach('attachment', Buffer.from('Order 1234'), 'order.txt'),
      }
      for (const [door, response] of Object.entries(answers)) {
        expect({ door, text, status: response.status, message: response.body.message }).toEqual({ door, text, status: 400, message: REFUSED_MESSAGE })
      }
    }
  })

  it('pasted text keeps its tabs and line breaks, and refuses other control characters', async () => {
    const fixture = await freshFixture()
    const texts = `/api/agents/${fixture.agentId}/texts/create/`
    const pasted = await testApp.request.post(texts).set(bearer(owner.access)).send({ text_title: 'Pasted', text_content: 'Line one\r\n\tLine two\n\nLine three\n' })
    expect(pasted.status).toBe(201)
    expect(pasted.body.text_content).toBe('Line one\r\n\tLine two\n\nLine three')
    // Word's manual line breaks (vertical tabs) and PDF page breaks (form feeds) paste as line breaks.
    const broken = await testApp.request.post(texts).set(bearer(owner.access)).send({ text_title: 'Pasted', text_content: 'Line one\u000bLine two\fPage two' })
    expect({ status: broken.status, content: broken.body.text_content }).toEqual({ status: 201, content: 'Line one\nLine two\nPage two' })
    for (const text of ESCAPES) {
      const refused = await testApp.request.post(texts).set(bearer(owner.access)).send({ text_title: 'Pasted', text_content: `Line one\n${text}` })
      expect({ text, status: refused.status, message: refused.body.message }).toEqual({ text, status: 400, message: 'Text content has characters that are not text' })
    }
  })

  it('a name refuses any control character, a tab or a line break too, in JSON and in a multipart form', async () => {
    const fixture = await freshFixture()
    const integrations = `/api/agents/${fixture.agentId}/integrations/frontend/`
    for (const name of ['Shop\tname', 'Shop\nname', 'Page\fbreak', ...ESCAPES]) {
      const team = await testApp.request.post('/api/accounts/team/create/').set(bearer(owner.access)).send({ team_name: name })
      expect({ name, status: team.status, message: team.body.message }).toEqual({ name, status: 400, message: 'Team name must be a single line of text' })
      const website = await testApp.request.post(integrations).set(bearer(owner.access)).field('website_name', name).field('website_domain', 'shop.example.com')
      expect({ name, status: website.status, message: website.body.message }).toEqual({ name, status: 400, message: 'Website name must be a single line of text' })
    }
    // Over several lines in the same form: line breaks and tabs are taken, an escape is not.
    const lines = await testApp.request.post(integrations).set(bearer(owner.access)).field('website_name', 'Shop').field('website_domain', 'shop.example.com').field('start_message', 'Hello!\r\n\tAsk me anything.')
    expect(lines.status).toBe(201)
    expect(lines.body.start_message).toBe('Hello!\r\n\tAsk me anything.')
    const escape = await testApp.request.post(integrations).set(bearer(owner.access)).field('website_name', 'Shop').field('website_domain', 'shop.example.com').field('start_message', 'Hello!\u001b[5m')
    expect(escape.body.message).toBe('Start message has characters that are not text')
  })
})

describe('the malformed-input walk', () => {
  it('reaches every route of the API, the public widget calls and the app proxy', () => {
    expect(routes.length).toBeGreaterThan(80)
    expect(routes).toContain('PUT /api/agents/:agentId/integrations/frontend/:integrationId/')
    expect(routes).toContain('POST /api/conversations/api/chat/:conversationId/')
    expect(routes).toContain('GET /shopify/proxy/bootstrap')
    expect([...fileFields.values()].sort()).toEqual(['attachment', 'document_file', 'profile_image', 'website_logo', 'website_logo', 'website_logo', 'website_logo'])
  })

  // The routes are read from the router at run time; a failure names the route and the probe.
  it('answers every hostile request to every route without a 5xx', async () => {
    const failures: string[] = []
    const answeredOk: string[] = []
    for (const route of routes) {
      const fixture = await freshFixture()
      const probes = probesFor(route, fixture, fileFields.get(route))
      if (route === 'GET /shopify/proxy/bootstrap') probes.push(...proxyProbes())
      for (const probe of probes) {
        // No answer at all (a reset connection) counts as a failure too.
        const response = await send(route, probe).catch((error: Error) => ({ status: 599, body: error.message }))
        if (response.status >= 500) failures.push(`${route} [${probe.label}] → ${response.status} ${causeOf(response.body)}`)
        if (response.status < 300 && !answeredOk.includes(route)) answeredOk.push(route)
      }
    }
    expect(failures).toEqual([])
    // The good values reach the handlers (so each bad one is tried where it matters): most routes took
    // some probe. The rest need a secret the walk does not hold (a password, a signed token, a stored file).
    const neverOk = routes.filter((route) => !answeredOk.includes(route))
    expect(answeredOk.length, `never answered 2xx: ${neverOk.join(', ')}`).toBeGreaterThan(routes.length * 0.8)
  }, 600_000)
})
