// Edit Agent: name, description, visibility, whether it answers (active) and whether new knowledge is
// embedded as soon as it is read, in a dialog.
import { Checkbox, FormLayout, Modal, Select, TextField } from '@shopify/polaris'
import { useState } from 'react'
import { AGENT_MESSAGES } from '#server/agents/agents.schemas.ts'
import type { Agent } from './agent.types.ts'
import { useUpdateAgent } from './agent-mutations.ts'

export function EditAgentModal({ agent, onClose }: { agent: Agent; onClose(): void }) {
  const [name, setName] = useState(agent.name)
  const [description, setDescription] = useState(agent.description ?? '')
  const [visibility, setVisibility] = useState(agent.visibility)
  const [active, setActive] = useState(agent.is_active)
  const [autoEmbed, setAutoEmbed] = useState(agent.auto_embed)
  const [error, setError] = useState<string | undefined>()
  const update = useUpdateAgent(onClose)
  const save = () => {
    if (!name.trim()) {
      setError(AGENT_MESSAGES.nameRequired)
      return
    }
    update.mutate({
      agentId: agent.agent_id,
      changes: {
        name: name.trim(),
        description: description.trim(),
        visibility,
        is_active: active,
        auto_embed: autoEmbed,
      },
    })
  }
  return (
    <Modal
      open
      onClose={onClose}
      title={`Edit ${agent.name}`}
      primaryAction={{ content: 'Save', onAction: save, loading: update.isPending }}
      secondaryActions={[{ content: 'Cancel', onAction: onClose }]}
    >
      <Modal.Section>
        <FormLayout>
          <TextField
            label="Name"
            value={name}
            onChange={setName}
            error={error}
            autoComplete="off"
            maxLength={255}
            requiredIndicator
          />
          <TextField
            label="Description"
            value={description}
            onChange={setDescription}
            multiline={3}
            autoComplete="off"
          />
          <Select
            label="Visibility"
            options={[
              { label: 'Private', value: 'private' },
              { label: 'Public', value: 'public' },
            ]}
            value={visibility}
            onChange={(value) => setVisibility(value === 'public' ? 'public' : 'private')}
          />
          <Checkbox label="Active (answers questions)" checked={active} onChange={setActive} />
          <Checkbox
            label="Train new knowledge automatically"
            helpText="Texts, documents and websites are embedded as soon as they are read. Off: embed each one yourself, or use Embed all."
            checked={autoEmbed}
            onChange={setAutoEmbed}
          />
        </FormLayout>
      </Modal.Section>
    </Modal>
  )
}
