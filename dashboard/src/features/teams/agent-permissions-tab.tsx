// SPEC section 2, Settings, Agent Permissions: share an agent with a team (its members then reach it by
// their role, docs/permissions.md), and see or undo the selected team's assignments.
import { BlockStack, Button, Card, Form, FormLayout, Text } from '@shopify/polaris'
import { useQuery } from '@tanstack/react-query'
import { useWatch } from 'react-hook-form'
import { useSearchParams } from 'react-router'
import { z } from 'zod'
import { useApi } from '../../api/api-context.tsx'
import { TEAM_MESSAGES } from '#server/teams/teams.schemas.ts'
import { FormSelect } from '../../forms/form-select.tsx'
import { useSchemaForm } from '../../forms/use-schema-form.ts'
import { AccessNote, agentCan } from '../agents/agent-access.tsx'
import { agentChoicesQuery } from '../agents/agents.queries.ts'
import { TablePlaceholder } from './table-placeholder.tsx'
import { TeamAgentsTable } from './team-agents-table.tsx'
import { useAssignAgent } from './teams.mutations.ts'
import { teamsQuery } from './teams.queries.ts'
import { canManageTeam } from './teams.types.ts'
import './teams.css'

/** An agent and a team, each one of those offered (the ids' format is the server's business). */
const assignmentSchema = (agentIds: string[], teamIds: string[]) =>
  z.object({
    agent_id: z.string().refine((id) => agentIds.includes(id), { error: TEAM_MESSAGES.agentRequired }),
    team_id: z.string().refine((id) => teamIds.includes(id), { error: TEAM_MESSAGES.teamRequired }),
  })

export function AgentPermissionsTab() {
  const client = useApi()
  const teams = useQuery(teamsQuery(client))
  const agents = useQuery(agentChoicesQuery(client))
  const assignAgent = useAssignAgent()
  // ?team= chooses the team (a team card's "Assign an agent" leads here).
  const [search] = useSearchParams()

  const manageable = (teams.data ?? []).filter(canManageTeam)
  // Sharing an agent needs the right to edit it already (docs/permissions.md): the others are not offered.
  const reachable = agents.data?.agents ?? []
  const agentList = reachable.filter((choice) => agentCan(choice, 'edit'))
  const form = useSchemaForm({
    schema: assignmentSchema(
      agentList.map((choice) => choice.agent_id),
      manageable.map((choice) => choice.team_id),
    ),
    defaultValues: { agent_id: '', team_id: search.get('team') ?? '' },
  })
  const teamId = useWatch({ control: form.control, name: 'team_id' })
  const team = manageable.find((candidate) => candidate.team_id === teamId)

  const submit = (assignment: { agent_id: string; team_id: string }) =>
    assignAgent.mutate(assignment, { onSuccess: () => form.setValue('agent_id', '') })

  return (
    <BlockStack gap="400">
      <Card>
        <Form onSubmit={() => void form.handleSubmit(submit)()} noValidate>
          <BlockStack gap="300">
            <BlockStack gap="100">
              <Text as="h2" variant="headingMd">
                Assign Agent to Team
              </Text>
              <Text as="p" tone="subdued">
                Everyone active in the team reaches the agent: admins edit it, members chat with it, viewers read it.
              </Text>
            </BlockStack>
            <FormLayout>
              <FormLayout.Group>
                <FormSelect
                  form={form}
                  name="agent_id"
                  label="Agent"
                  options={[
                    {
                      label: agents.isPending
                        ? 'Loading agents…'
                        : agentList.length > 0
                          ? 'Select an agent'
                          : 'No agents yet',
                      value: '',
                    },
                    ...agentList.map((choice) => ({ label: choice.name, value: choice.agent_id })),
                  ]}
                />
                <FormSelect
                  form={form}
                  name="team_id"
                  label="Team"
                  options={[
                    {
                      label: teams.isPending
                        ? 'Loading teams…'
                        : manageable.length > 0
                          ? 'Select a team'
                          : 'Create a team first',
                      value: '',
                    },
                    ...manageable.map((choice) => ({ label: choice.team_name, value: choice.team_id })),
                  ]}
                />
              </FormLayout.Group>
            </FormLayout>
            {agentList.length < reachable.length ? (
              <AccessNote need="edit">
                Agents you only read or chat with through a team are not listed: only their owner or a team admin can
                share them.
              </AccessNote>
            ) : null}
            <div>
              <Button submit variant="primary" loading={assignAgent.isPending}>
                Assign
              </Button>
            </div>
          </BlockStack>
        </Form>
      </Card>
      <Card>
        <BlockStack gap="300">
          <Text as="h2" variant="headingMd">
            {team ? `Agents of ${team.team_name}` : 'Agent Assignments'}
          </Text>
          {team ? (
            <TeamAgentsTable team={team} emptyText="No agent assignments to display" />
          ) : (
            <TablePlaceholder>Select a team to view agent assignments</TablePlaceholder>
          )}
        </BlockStack>
      </Card>
    </BlockStack>
  )
}
