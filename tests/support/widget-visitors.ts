import { expect } from 'vitest'
import { bearer } from './accounts.ts'
import { startChatTestbed, type ChatTestbed } from './chat-testbed.ts'
import type { TestApp } from './create-test-app.ts'

// A website's visitors on the public widget API: the integration, the session, the conversation, the messages.

export const SECRET_KEY = 'widget-tests-secret-key-with-enough-length-0123456789'
export const SITE = 'https://shop.example.com'
/** Widget limits no test's visitors reach: for suites about something else than the limits. */
export const UNLIMITED_VISITORS = {
  WIDGET_SESSIONS_PER_IP_PER_HOUR: '1000',
  WIDGET_MESSAGES_PER_VISITOR_PER_MINUTE: '1000',
  WIDGET_MESSAGES_PER_INTEGRATION_PER_MINUTE: '1000',
}

/** The chat testbed with a known secret key and tight widget limits (3 messages a minute per visitor, 5 per integration). */
export const startWidgetTestbed = () =>
  startChatTestbed({
    SECRET_KEY,
    WIDGET_MESSAGES_PER_VISITOR_PER_MINUTE: '3',
    WIDGET_MESSAGES_PER_INTEGRATION_PER_MINUTE: '5',
    WIDGET_SESSIONS_PER_IP_PER_HOUR: '1000',
  })

interface WidgetSession {
  token: string
  refresh_token: string
  visitor_id: string
  expires_in: number
  configuration: Record<string, unknown>
}

export interface WidgetVisitor {
  session: WidgetSession
  auth: Record<string, string>
  conversationId: string
}

/** A frontend integration of the testbed's agent for shop.example.com, with any fields overridden. */
export async function newIntegration(
  { testApp, owner, agentId }: Pick<ChatTestbed, 'testApp' | 'owner' | 'agentId'>,
  fields: Record<string, unknown> = {},
) {
  const response = await testApp.request
    .post(`/api/agents/${agentId}/integrations/frontend/`)
    .set(bearer(owner.access))
    .send({ website_name: 'Shop', website_domain: 'shop.example.com', ...fields })
  expect(response.status).toBe(201)
  return response.body as { client_key: string; integration_id: string; website_domain: string }
}

/** Starts a widget session from a page of `origin` (none sent when null). */
export const start = (testApp: TestApp, clientKey: string, origin: string | null = SITE) => {
  const request = testApp.request.post('/api/conversations/api/start-chat-widget/')
  return (origin ? request.set('Origin', origin) : request).send({ client_key: clientKey })
}

/** A visitor with a session and a new conversation, and the headers its page sends. */
export async function visitor(testApp: TestApp, clientKey: string, origin = SITE): Promise<WidgetVisitor> {
  const session = await start(testApp, clientKey, origin)
  expect(session.status).toBe(201)
  const auth = { Authorization: `Bearer ${session.body.token}`, Origin: origin }
  const conversation = await testApp.request.post('/api/conversations/api/create/').set(auth).send({})
  expect(conversation.status).toBe(201)
  return { session: session.body as WidgetSession, auth, conversationId: conversation.body.conversation_id as string }
}

export const chat = (
  testApp: TestApp,
  auth: Record<string, string>,
  conversationId: string,
  text = 'How long do I have to return a product?',
) => testApp.request.post(`/api/conversations/api/chat/${conversationId}/`).set(auth).send({ message_text: text })

export const refresh = (testApp: TestApp, refreshToken: string) =>
  testApp.request
    .post('/api/conversations/api/tokens/refresh/')
    .set('Origin', SITE)
    .send({ refresh_token: refreshToken })

/** Moves a visitor's spent refresh tokens past the grace, as if they were presented a minute later. */
export async function ageSpentRefreshTokens(testApp: TestApp, visitorId: string) {
  await testApp.database.prisma.widgetSpentRefreshToken.updateMany({
    where: { session: { visitorId } },
    data: { spentAt: new Date(Date.now() - 60_000) },
  })
}
