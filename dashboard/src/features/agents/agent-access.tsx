// What the signed-in person may do with an agent, as the API tells it (each agent carries the caller's
// `permissions`, docs/permissions.md), so a screen hides or disables what it would refuse, and says why in
// words on the page (a phone never hovers). The API still refuses (403) whatever a screen offers.
import { Icon, InlineStack, Text } from '@shopify/polaris'
import { LockIcon } from '@shopify/polaris-icons'
import { useQuery } from '@tanstack/react-query'
import { useApi } from '../../api/api-context.tsx'
import type { Agent } from './agent.types.ts'
import { agentQuery } from './agents.queries.ts'
import './agents.css'

export type AgentNeed = Agent['permissions'][number]

/** Why a control is missing, for each need beyond reading. */
export const ACCESS_NOTES: Record<Exclude<AgentNeed, 'read'>, string> = {
  chat: "Viewers can read this agent's conversations; only its owner, team admins and members can chat or change them.",
  edit: "Only the agent's owner or a team admin can change this.",
  manage: "Only the agent's owner can edit or delete this agent.",
}

/** Whether the agent's answer allows the need; an agent not known (yet) allows it, and the API decides. */
export function agentCan(agent: Pick<Agent, 'permissions'> | undefined, need: AgentNeed): boolean {
  return agent?.permissions?.includes(need) ?? true
}

/** The same for an agent known by id, from the agent the page has loaded (or loads it). */
export function useAgentCan(agentId: string, need: AgentNeed): boolean {
  const client = useApi()
  return agentCan(useQuery(agentQuery(client, agentId)).data, need)
}

/** The visible reason a control is missing or disabled. */
export function AccessNote({ need, children }: { need: Exclude<AgentNeed, 'read'>; children?: string }) {
  return (
    <div className="access-note" data-testid="access-note">
      <InlineStack gap="100" blockAlign="center" wrap={false}>
        <span className="access-note__icon" aria-hidden="true">
          <Icon source={LockIcon} tone="subdued" />
        </span>
        <Text as="p" variant="bodySm" tone="subdued">
          {children ?? ACCESS_NOTES[need]}
        </Text>
      </InlineStack>
    </div>
  )
}
