// SPEC sections 2 and 5, Change Password: all fields, matching, at least 8 characters, then the
// server's rules. An account without a password yet (made with Google) sets its first one, with no
// current password to give. Every other session ends when it changes.
import { BlockStack, Button, Card, Form, FormLayout, Text } from '@shopify/polaris'
import { useMemo } from 'react'
import { z } from 'zod'
import { ChangePasswordSchema, MESSAGES } from '#server/accounts/accounts.schemas.ts'
import { FormTextField } from '../../forms/form-text-field.tsx'
import { useSchemaForm } from '../../forms/use-schema-form.ts'
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

/** The form's one message at a time, on the field it belongs to. */
const passwordFormSchema = (needsCurrent: boolean) =>
  z.object({ current: z.string(), next: z.string(), confirm: z.string() }).superRefine((fields, context) => {
    const problem = passwordFormProblem(fields, needsCurrent)
    if (problem) context.addIssue({ code: 'custom', path: [problem.field], message: problem.message })
  })

export function ChangePasswordCard({ user }: { user: SessionUser }) {
  const needsCurrent = user.has_password
  const schema = useMemo(() => passwordFormSchema(needsCurrent), [needsCurrent])
  const form = useSchemaForm({ schema, defaultValues: EMPTY })
  const changePassword = useChangePassword()

  const submit = (fields: typeof EMPTY) => {
    changePassword.mutate(
      needsCurrent ? { old_password: fields.current, new_password: fields.next } : { new_password: fields.next },
      { onSuccess: () => form.reset(EMPTY) },
    )
  }

  return (
    <Card>
      <Form onSubmit={() => void form.handleSubmit(submit)()} noValidate>
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
              <FormTextField
                label="Current password"
                type="password"
                autoComplete="current-password"
                form={form}
                name="current"
              />
            )}
            <FormTextField
              label="New password"
              type="password"
              autoComplete="new-password"
              form={form}
              name="next"
              helpText="At least 8 characters, with an uppercase letter, a lowercase letter, a number and a symbol."
            />
            <FormTextField
              label="Confirm new password"
              type="password"
              autoComplete="new-password"
              form={form}
              name="confirm"
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
