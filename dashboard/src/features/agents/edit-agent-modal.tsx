// Edit Agent: name, description, visibility, whether it answers (active) and whether new knowledge is
// embedded as soon as it is read, in a dialog.
import { FormLayout, Modal } from '@shopify/polaris'
import type { z } from 'zod'
import { FormCheckbox } from '../../forms/form-checkbox.tsx'
import { FormSelect } from '../../forms/form-select.tsx'
import { FormTextField } from '../../forms/form-text-field.tsx'
import { useSchemaForm } from '../../forms/use-schema-form.ts'
import { AgentFieldsSchema } from './agent-fields.schemas.ts'
import type { Agent } from './agent.types.ts'
import { useUpdateAgent } from './agent-mutations.ts'

export function EditAgentModal({ agent, onClose }: { agent: Agent; onClose(): void }) {
  const form = useSchemaForm({
    schema: AgentFieldsSchema,
    defaultValues: {
      name: agent.name,
      description: agent.description ?? '',
      visibility: agent.visibility,
      is_active: agent.is_active,
      auto_embed: agent.auto_embed,
    },
  })
  const update = useUpdateAgent(onClose)
  const save = (changes: z.output<typeof AgentFieldsSchema>) => update.mutate({ agentId: agent.agent_id, changes })
  return (
    <Modal
      open
      onClose={onClose}
      title={`Edit ${agent.name}`}
      primaryAction={{ content: 'Save', onAction: () => void form.handleSubmit(save)(), loading: update.isPending }}
      secondaryActions={[{ content: 'Cancel', onAction: onClose }]}
    >
      <Modal.Section>
        <FormLayout>
          <FormTextField form={form} name="name" label="Name" autoComplete="off" maxLength={255} requiredIndicator />
          <FormTextField form={form} name="description" label="Description" multiline={3} autoComplete="off" />
          <FormSelect
            form={form}
            name="visibility"
            label="Visibility"
            options={[
              { label: 'Private', value: 'private' },
              { label: 'Public', value: 'public' },
            ]}
          />
          <FormCheckbox form={form} name="is_active" label="Active (answers questions)" />
          <FormCheckbox
            form={form}
            name="auto_embed"
            label="Train new knowledge automatically"
            helpText="Texts, documents and websites are embedded as soon as they are read. Off: embed each one yourself, or use Embed all."
          />
        </FormLayout>
      </Modal.Section>
    </Modal>
  )
}
