// The left column's controls: search, agent filter, all / favorite / archived, and chips for what is on.
import { Button, ButtonGroup, Icon, InlineStack, Select, Tag, TextField } from '@shopify/polaris'
import { SearchIcon } from '@shopify/polaris-icons'
import type { Agent } from '../agents/agent.types.ts'
import type { ConversationFilter } from '../conversations/conversation.types.ts'

export interface FilterState {
  agentId: string | null
  filter: ConversationFilter
  search: string
}

const FILTERS: { value: ConversationFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'favorite', label: 'Favorite' },
  { value: 'archived', label: 'Archived' },
]

export function ConversationFilters({
  state,
  agents,
  onChange,
}: {
  state: FilterState
  agents: Agent[]
  onChange(next: Partial<FilterState>): void
}) {
  const agentName = agents.find((agent) => agent.agent_id === state.agentId)?.name
  return (
    <div className="conversation-filters">
      <TextField
        label="Search conversations"
        labelHidden
        placeholder="Search conversations..."
        prefix={<Icon source={SearchIcon} />}
        value={state.search}
        onChange={(search) => onChange({ search })}
        autoComplete="off"
        clearButton
        onClearButtonClick={() => onChange({ search: '' })}
      />
      <Select
        label="Agent"
        labelHidden
        options={[
          { label: 'All Agents', value: '' },
          ...agents.map((agent) => ({ label: agent.name, value: agent.agent_id })),
        ]}
        value={state.agentId ?? ''}
        onChange={(value) => onChange({ agentId: value || null })}
      />
      <ButtonGroup variant="segmented" fullWidth>
        {FILTERS.map((item) => (
          <Button
            key={item.value}
            pressed={state.filter === item.value}
            onClick={() => onChange({ filter: item.value })}
          >
            {item.label}
          </Button>
        ))}
      </ButtonGroup>
      {state.agentId || state.filter !== 'all' || state.search ? (
        <InlineStack gap="100" wrap>
          {agentName ? <Tag onRemove={() => onChange({ agentId: null })}>{`Agent: ${agentName}`}</Tag> : null}
          {state.filter !== 'all' ? (
            <Tag onRemove={() => onChange({ filter: 'all' })}>
              {state.filter === 'favorite' ? 'Favorite' : 'Archived'}
            </Tag>
          ) : null}
          {state.search ? <Tag onRemove={() => onChange({ search: '' })}>{`“${state.search}”`}</Tag> : null}
        </InlineStack>
      ) : null}
    </div>
  )
}
