import type { Prisma } from '../db/generated/prisma/client.ts'
import { needsGrantedBy } from '../teams/team-roles.ts'
import type { AgentNeed } from './agent-needs.ts'
import type { AgentView } from './agents.schemas.ts'

const EVERY_NEED: AgentNeed[] = ['read', 'chat', 'edit', 'manage']

/** What to load with an agent to show it: counts and team names in the same query, never one per agent. */
export const AGENT_VIEW_INCLUDE = {
  _count: { select: { documents: true, texts: true, websites: true, conversations: { where: { isDeleted: false } } } },
  teamAgents: {
    select: {
      team: {
        select: {
          name: true,
          accountId: true,
          members: { where: { status: 'active' }, select: { userId: true, role: true } },
        },
      },
    },
  },
} satisfies Prisma.AgentInclude

export type AgentWithView = Prisma.AgentGetPayload<{ include: typeof AGENT_VIEW_INCLUDE }>

/**
 * An agent as the API shows it (SPEC section 3). The owner sees every team it is assigned to; a team
 * member sees only the teams they belong to, not the owner's other teams. Its permissions are the
 * viewer's, from the same rows requireAgentAccess reads: the owner has every need, a member their
 * strongest active role's.
 */
export function toAgentView(agent: AgentWithView, viewerId: string): AgentView {
  const teams = agent.teamAgents
    .map((assignment) => assignment.team)
    .filter((team) => team.accountId === viewerId || team.members.some((member) => member.userId === viewerId))
  const isOwner = agent.accountId === viewerId
  const roles = teams.flatMap((team) => team.members.filter((member) => member.userId === viewerId))
  return {
    agent_id: agent.id,
    id: agent.id,
    name: agent.name,
    description: agent.description,
    visibility: agent.visibility,
    avatar_url: agent.avatarUrl,
    is_favorite: agent.isFavorite,
    is_archived: agent.isArchived,
    is_active: agent.isActive,
    auto_embed: agent.autoEmbed,
    instructions: agent.instructions,
    llm_model: agent.llmModel,
    llm_temperature: agent.llmTemperature,
    llm_max_tokens: agent.llmMaxTokens,
    created_at: agent.createdAt.toISOString(),
    updated_at: agent.updatedAt.toISOString(),
    no_of_documents: agent._count.documents,
    no_of_texts: agent._count.texts,
    no_of_websites: agent._count.websites,
    no_of_conversations: agent._count.conversations,
    conversation_count: agent._count.conversations,
    documents_summary: { total_documents: agent._count.documents },
    teams: teams.map((team) => team.name),
    no_of_team_members: teams.reduce((sum, team) => sum + team.members.length, 0),
    is_owner: isOwner,
    permissions: isOwner ? EVERY_NEED : needsGrantedBy(roles.map((member) => member.role)),
  }
}
