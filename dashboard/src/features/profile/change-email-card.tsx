// SPEC sections 2 and 5, Change E-mail: both fields, a different address, a valid one. The password
// confirms it is really the account's owner; the new address takes effect when it opens the link mailed
// to it, and every other session ends.
import { BlockStack, Button, Card, Form, FormLayout, Text, TextField } from '@shopify/polaris'
import { useState } from 'react'
import { ChangeEmailSchema, MESSAGES, normalizeEmail } from '#server/accounts/accounts.schemas.ts'
import type { SessionUser } from '../../session/session-check.ts'
import { validationMessage } from '../teams/validation-message.ts'
import { useChangeEmail } from './profile.mutations.ts'

const EMPTY = { email: '', password: '' }
type Field = keyof typeof EMPTY

function emailFormProblem(fields: typeof EMPTY, currentEmail: string): { field: Field; message: string } | null {
  if (fields.email.trim() === '') return { field: 'email', message: MESSAGES.emailFieldsRequired }
  if (fields.password === '') return { field: 'password', message: MESSAGES.emailFieldsRequired }
  if (normalizeEmail(fields.email) === normalizeEmail(currentEmail))
    return { field: 'email', message: MESSAGES.sameEmail }
  const invalid = validationMessage(ChangeEmailSchema.shape.new_email, fields.email)
  return invalid ? { field: 'email', message: invalid } : null
}

export function ChangeEmailCard({ user }: { user: SessionUser }) {
  const [fields, setFields] = useState(EMPTY)
  const [problem, setProblem] = useState<{ field: Field; message: string } | null>(null)
  const changeEmail = useChangeEmail()

  const set = (field: Field) => (value: string) => {
    setFields((current) => ({ ...current, [field]: value }))
    if (problem?.field === field) setProblem(null)
  }
  const errorOf = (field: Field) => (problem?.field === field ? problem.message : undefined)

  const submit = () => {
    const found = emailFormProblem(fields, user.email)
    setProblem(found)
    if (found) return
    changeEmail.mutate(
      { new_email: normalizeEmail(fields.email), password: fields.password },
      { onSuccess: () => setFields(EMPTY) },
    )
  }

  return (
    <Card>
      <Form onSubmit={submit} noValidate>
        <BlockStack gap="300">
          <BlockStack gap="100">
            <Text as="h2" variant="headingMd">
              Change E-mail
            </Text>
            <Text as="p" tone="subdued">
              {user.has_password
                ? `You sign in as ${user.email}. The new address takes effect when you open the link we send it; other browsers and devices are signed out.`
                : 'Set a password first: changing your e-mail asks for it.'}
            </Text>
          </BlockStack>
          <FormLayout>
            <TextField
              label="New e-mail"
              type="email"
              autoComplete="email"
              value={fields.email}
              onChange={set('email')}
              error={errorOf('email')}
              disabled={!user.has_password}
            />
            <TextField
              label="Current password"
              type="password"
              autoComplete="current-password"
              value={fields.password}
              onChange={set('password')}
              error={errorOf('password')}
              disabled={!user.has_password}
            />
          </FormLayout>
          <div>
            <Button submit variant="primary" loading={changeEmail.isPending} disabled={!user.has_password}>
              Change E-mail
            </Button>
          </div>
        </BlockStack>
      </Form>
    </Card>
  )
}
