// The walk's good requests: a body, query and path parameters each route would take, so a probe changes
// one thing at a time; and, bodies being strict, the part of the good body a route takes.
import { randomUUID } from 'node:crypto'
import { WALK_META_TOKEN, type Fixture, type WalkApp } from './walk-app.ts'

// Field names of every body and query this API reads, each with a value it would take.
export function goodBody(fixture: Fixture, route: string): Record<string, unknown> {
  // A strict body of one field: the shared good body's other fields would be refused.
  if (route === 'POST /api/accounts/login/link/') return { email: `walk-${randomUUID()}@walk.example.com` }
  // A channel's body is one of three shapes, chosen by kind: the shared body would match none.
  if (route === 'POST /api/agents/:agentId/channels/')
    return { kind: 'messenger', page_id: fixture.freePageId, access_token: `${WALK_META_TOKEN}.${fixture.freePageId}` }
  if (route === 'PUT /api/agents/:agentId/channels/:channelId/')
    return { access_token: `${WALK_META_TOKEN}.${fixture.channelPageId}` }
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

export function goodQuery(fixture: Fixture, { member }: WalkApp): Record<string, string> {
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
    channelId: fixture.channelId,
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
