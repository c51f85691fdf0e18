// SPEC section 2, Settings: the Add Team Member card. Members are added by e-mail; a person who already
// has an account is active at once, anyone else pending until they sign up (docs/permissions.md).
import { BlockStack, Button, Card, Form, FormLayout, Text } from '@shopify/polaris'
import { useMemo } from 'react'
import { z } from 'zod'
import { AddMemberSchema, TEAM_MESSAGES } from '#server/teams/teams.schemas.ts'
import { FormSelect } from '../../forms/form-select.tsx'
import { FormTextField } from '../../forms/form-text-field.tsx'
import { useSchemaForm } from '../../forms/use-schema-form.ts'
import { useAddMember } from './teams.mutations.ts'
import { ROLE_OPTIONS, type Team, type TeamRole } from './teams.types.ts'

// The team is checked for presence among the caller's teams only: the schema's id format is the
// server's business (demo ids differ).
const memberFieldsSchema = (teams: Team[]) =>
  z.object({
    ...AddMemberSchema.omit({ team_id: true }).shape,
    team_id: z.string().refine((id) => teams.some((team) => team.team_id === id), {
      error: TEAM_MESSAGES.teamRequired,
    }),
  })

const EMPTY = { team_id: '', team_member_name: '', team_member_email: '', team_member_role: 'member' as TeamRole }

export function AddMemberCard({ teams }: { teams: Team[] }) {
  const schema = useMemo(() => memberFieldsSchema(teams), [teams])
  const form = useSchemaForm({ schema, defaultValues: EMPTY })
  const addMember = useAddMember()

  const submit = (member: z.output<ReturnType<typeof memberFieldsSchema>>) =>
    addMember.mutate(
      {
        team_id: member.team_id,
        team_member_name: member.team_member_name,
        team_member_email: member.team_member_email,
        team_member_role: member.team_member_role,
      },
      { onSuccess: () => form.reset({ ...EMPTY, team_id: member.team_id }) },
    )

  return (
    <Card>
      <Form onSubmit={() => void form.handleSubmit(submit)()} noValidate>
        <BlockStack gap="300">
          <Text as="h2" variant="headingMd">
            Add Team Member
          </Text>
          <FormLayout>
            <FormSelect
              form={form}
              name="team_id"
              label="Team"
              options={[
                { label: teams.length > 0 ? 'Select a team' : 'Create a team first', value: '' },
                ...teams.map((team) => ({ label: team.team_name, value: team.team_id })),
              ]}
            />
            <FormLayout.Group>
              <FormTextField form={form} name="team_member_name" label="Name" autoComplete="off" />
              <FormTextField form={form} name="team_member_email" label="E-mail" type="email" autoComplete="off" />
            </FormLayout.Group>
            <FormSelect form={form} name="team_member_role" label="Role" options={ROLE_OPTIONS} />
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
