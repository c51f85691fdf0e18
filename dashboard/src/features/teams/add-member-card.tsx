// SPEC section 2, Settings: the Add Team Member card. Members are added by e-mail; a person who already
// has an account is active at once, anyone else pending until they sign up (docs/permissions.md).
import { BlockStack, Button, Card, Form, FormLayout, Select, Text, TextField } from '@shopify/polaris'
import { useState } from 'react'
import { AddMemberSchema, TEAM_MESSAGES } from '#server/teams/teams.schemas.ts'
import { useAddMember } from './teams.mutations.ts'
import { ROLE_OPTIONS, type Team, type TeamRole } from './teams.types.ts'
import { fieldMessages } from './validation-message.ts'

// The team is checked for presence only: the schema's id format is the server's business (demo ids differ).
const MemberFieldsSchema = AddMemberSchema.omit({ team_id: true })

const EMPTY = { team_member_name: '', team_member_email: '', team_member_role: 'member' as TeamRole }

export function AddMemberCard({ teams }: { teams: Team[] }) {
  const [teamId, setTeamId] = useState('')
  const [member, setMember] = useState(EMPTY)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const addMember = useAddMember()
  const chosenTeamId = teams.some((team) => team.team_id === teamId) ? teamId : ''

  const change = (field: keyof typeof EMPTY | 'team_id') => (value: string) => {
    if (field === 'team_id') setTeamId(value)
    else setMember((current) => ({ ...current, [field]: value }))
    setErrors((current) => ({ ...current, [field]: '' }))
  }

  const submit = () => {
    const problems = fieldMessages(MemberFieldsSchema, member)
    if (!chosenTeamId) problems.team_id = TEAM_MESSAGES.teamRequired
    setErrors(problems)
    if (Object.keys(problems).length > 0) return
    addMember.mutate(
      {
        team_id: chosenTeamId,
        team_member_name: member.team_member_name.trim(),
        team_member_email: member.team_member_email.trim(),
        team_member_role: member.team_member_role,
      },
      { onSuccess: () => setMember(EMPTY) },
    )
  }

  return (
    <Card>
      <Form onSubmit={submit} noValidate>
        <BlockStack gap="300">
          <Text as="h2" variant="headingMd">
            Add Team Member
          </Text>
          <FormLayout>
            <Select
              label="Team"
              options={[
                { label: teams.length > 0 ? 'Select a team' : 'Create a team first', value: '' },
                ...teams.map((team) => ({ label: team.team_name, value: team.team_id })),
              ]}
              value={chosenTeamId}
              onChange={change('team_id')}
              error={errors.team_id || undefined}
            />
            <FormLayout.Group>
              <TextField
                label="Name"
                autoComplete="off"
                value={member.team_member_name}
                onChange={change('team_member_name')}
                error={errors.team_member_name || undefined}
              />
              <TextField
                label="E-mail"
                type="email"
                autoComplete="off"
                value={member.team_member_email}
                onChange={change('team_member_email')}
                error={errors.team_member_email || undefined}
              />
            </FormLayout.Group>
            <Select
              label="Role"
              options={ROLE_OPTIONS}
              value={member.team_member_role}
              onChange={change('team_member_role')}
              error={errors.team_member_role || undefined}
            />
          </FormLayout>
          <div>
            <Button submit variant="primary" loading={addMember.isPending}>
              Add Member
            </Button>
          </div>
        </BlockStack>
      </Form>
    </Card>
  )
}
