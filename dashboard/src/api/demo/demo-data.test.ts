import { describe, expect, it } from 'vitest'
import { ApiKeyViewSchema } from '#server/accounts/api-keys/api-keys.schemas.ts'
import { AgentViewSchema } from '#server/agents/agents.schemas.ts'
import { ConversationViewSchema, MessageViewSchema } from '#server/conversations/conversations.schemas.ts'
import { DocumentViewSchema, TextViewSchema, WebsiteViewSchema } from '#server/knowledge/knowledge.schemas.ts'
import { DashboardStatsSchema, EngagementSchema, RecentChatsSchema } from '#server/stats/stats.schemas.ts'
import { TeamAgentViewSchema, TeamMemberViewSchema, TeamViewSchema } from '#server/teams/teams.schemas.ts'
import { WidgetIntegrationViewSchema } from '#server/widgets/widgets.schemas.ts'
import {
  DEMO_AGENTS,
  DEMO_API_KEYS,
  DEMO_CONVERSATIONS,
  DEMO_ENGAGEMENT,
  DEMO_RECENT_CHATS,
  DEMO_STATS,
  DEMO_DOCUMENTS,
  DEMO_INTEGRATIONS,
  DEMO_MESSAGES,
  DEMO_TEAM_AGENTS,
  DEMO_TEAM_MEMBERS,
  DEMO_TEAMS,
  DEMO_TEXTS,
  DEMO_WEBSITES,
} from './demo-data.ts'

// Demo mode answers what the server answers: each canned item passes the call's own strict schema, so a
// screen never meets a field in demo mode that the real API lacks (or the other way round).
describe('demo data', () => {
  it.each([
    ['agents', DEMO_AGENTS, AgentViewSchema],
    ['conversations', DEMO_CONVERSATIONS, ConversationViewSchema],
    ['messages', DEMO_MESSAGES, MessageViewSchema],
    ['texts', DEMO_TEXTS, TextViewSchema],
    ['documents', DEMO_DOCUMENTS, DocumentViewSchema],
    ['websites', DEMO_WEBSITES, WebsiteViewSchema],
    ['teams', DEMO_TEAMS, TeamViewSchema],
    ['team members', DEMO_TEAM_MEMBERS, TeamMemberViewSchema],
    ['team agents', DEMO_TEAM_AGENTS, TeamAgentViewSchema],
    ['widget integrations', DEMO_INTEGRATIONS, WidgetIntegrationViewSchema],
    ['API keys', DEMO_API_KEYS, ApiKeyViewSchema],
  ] as const)('%s have exactly the API’s shape', (_name, items, schema) => {
    expect(items.length).toBeGreaterThan(0)
    for (const item of items) expect(schema.safeParse(item).error).toBeUndefined()
  })

  it('the dashboard’s figures have exactly the API’s shape', () => {
    expect(DashboardStatsSchema.safeParse(DEMO_STATS).error).toBeUndefined()
    expect(EngagementSchema.safeParse(DEMO_ENGAGEMENT).error).toBeUndefined()
    expect(RecentChatsSchema.safeParse(DEMO_RECENT_CHATS).error).toBeUndefined()
  })
})
