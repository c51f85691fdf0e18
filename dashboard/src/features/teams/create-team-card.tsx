// SPEC section 2, Settings: the Create New Team card. The name follows the server's TeamNameSchema.
import { Button, Card, BlockStack, Form, Text } from '@shopify/polaris'
import { z } from 'zod'
import { TeamNameSchema } from '#server/teams/teams.schemas.ts'
import { FormTextField } from '../../forms/form-text-field.tsx'
import { useSchemaForm } from '../../forms/use-schema-form.ts'
import { useCreateTeam } from './teams.mutations.ts'

const CreateTeamFieldsSchema = z.object({ team_name: TeamNameSchema })

export function CreateTeamCard() {
  const form = useSchemaForm({ schema: CreateTeamFieldsSchema, defaultValues: { team_name: '' } })
  const createTeam = useCreateTeam()

  const submit = ({ team_name }: z.output<typeof CreateTeamFieldsSchema>) =>
    createTeam.mutate({ team_name }, { onSuccess: () => form.reset({ team_name: '' }) })

  return (
    <Card>
      <Form onSubmit={() => void form.handleSubmit(submit)()} noValidate>
        <BlockStack gap="300">
          <Text as="h2" variant="headingMd">
            Create New Team
          </Text>
          <FormTextField
            form={form}
            name="team_name"
            label="Team name"
            autoComplete="off"
            placeholder="e.g. Customer Support"
            helpText="2 to 255 characters."
          />
          <div>
            <Button submit variant="primary" loading={createTeam.isPending}>
              Create Team
            </Button>
          </div>
        </BlockStack>
      </Form>
    </Card>
  )
}
