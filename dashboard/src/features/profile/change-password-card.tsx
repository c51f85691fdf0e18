// SPEC sections 2 and 5, Change Password: all fields, matching, at least 8 characters, then the
// server's rules. An account without a password yet (made with Google) sets its first one, with no
// current password to give. Every other session ends when it changes.
import { BlockStack, Button, Card, Form, FormLayout, Text, TextField } from '@shopify/polaris'
import { useState } from 'react'
import { ChangePasswordSchema, MESSAGES } from '#server/accounts/accounts.schemas.ts'
import type { SessionUser } from '../../session/session-check.ts'
import { validationMessage } from '../teams/validation-message.ts'
import { useChangePassword } from './profile.mutations.ts'

const PASSWORDS_DIFFER = 'New passwords do not match'

const EMPTY = { current: '', next: '', confirm: '' }
type Field = keyof typeof EMPTY

/** The first problem with the form, and the field it belongs to. */
function passwordFormProblem(fields: typeof EMPTY, needsCurrent: boolean): { field: Field; message: string } | null {
  const required: Field[] = needsCurrent ? ['current', 'next', 'confirm'] : ['next', 'confirm']
  const empty = required.find((field) => fields[field] === '')
  if (empty) return { field: empty, message: MESSAGES.passwordFieldsRequired }
  if (fields.next !== fields.confirm) return { field: 'confirm', message: PASSWORDS_DIFFER }
  const rules = validationMessage(ChangePasswordSchema.shape.new_password, fields.next)
  return rules ? { field: 'next', message: rules } : null
}

export function ChangePasswordCard({ user }: { user: SessionUser }) {
  const [fields, setFields] = useState(EMPTY)
  const [problem, setProblem] = useState<{ field: Field; message: string } | null>(null)
  const changePassword = useChangePassword()
  const needsCurrent = user.has_password

  const set = (field: Field) => (value: string) => {
    setFields((current) => ({ ...current, [field]: value }))
    if (problem?.field === field) setProblem(null)
  }
  const errorOf = (field: Field) => (problem?.field === field ? problem.message : undefined)

  const submit = () => {
    const found = passwordFormProblem(fields, needsCurrent)
    setProblem(found)
    if (found) return
    changePassword.mutate(
      needsCurrent ? { old_password: fields.current, new_password: fields.next } : { new_password: fields.next },
      { onSuccess: () => setFields(EMPTY) },
    )
  }

  return (
    <Card>
      <Form onSubmit={submit} noValidate>
        <BlockStack gap="300">
          <BlockStack gap="100">
            <Text as="h2" variant="headingMd">
              {needsCurrent ? 'Change Password' : 'Set a Password'}
            </Text>
            <Text as="p" tone="subdued">
              {needsCurrent
                ? 'Other browsers and devices are signed out when your password changes.'
                : 'You sign in with Google and have no password yet. Set one within 10 minutes of signing in to also sign in with your e-mail.'}
            </Text>
          </BlockStack>
          <FormLayout>
            {needsCurrent && (
              <TextField
                label="Current password"
                type="password"
                autoComplete="current-password"
                value={fields.current}
                onChange={set('current')}
                error={errorOf('current')}
              />
            )}
            <TextField
              label="New password"
              type="password"
              autoComplete="new-password"
              value={fields.next}
              onChange={set('next')}
              error={errorOf('next')}
              helpText="At least 8 characters, with an uppercase letter, a lowercase letter, a number and a symbol."
            />
            <TextField
              label="Confirm new password"
              type="password"
              autoComplete="new-password"
              value={fields.confirm}
              onChange={set('confirm')}
              error={errorOf('confirm')}
            />
          </FormLayout>
          <div>
            <Button submit variant="primary" loading={changePassword.isPending}>
              {needsCurrent ? 'Change Password' : 'Set Password'}
            </Button>
          </div>
        </BlockStack>
      </Form>
    </Card>
  )
}
