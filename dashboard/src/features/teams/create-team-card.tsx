// SPEC section 2, Settings: the Create New Team card. The name follows the server's TeamNameSchema.
import { Button, Card, BlockStack, Form, Text, TextField } from '@shopify/polaris'
import { useState } from 'react'
import { TeamNameSchema } from '#server/teams/teams.schemas.ts'
import { useCreateTeam } from './teams.mutations.ts'
import { validationMessage } from './validation-message.ts'

export function CreateTeamCard() {
  const [name, setName] = useState('')
  const [error, setError] = useState<string>()
  const createTeam = useCreateTeam()

  const submit = () => {
    const problem = validationMessage(TeamNameSchema, name)
    setError(problem)
    if (problem) return
    createTeam.mutate({ team_name: name.trim() }, { onSuccess: () => setName('') })
  }

  return (
    <Card>
      <Form onSubmit={submit} noValidate>
        <BlockStack gap="300">
          <Text as="h2" variant="headingMd">
            Create New Team
          </Text>
          <TextField
            label="Team name"
            autoComplete="off"
            value={name}
            onChange={(value) => {
              setName(value)
              if (error) setError(undefined)
            }}
            placeholder="e.g. Customer Support"
            error={error}
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
