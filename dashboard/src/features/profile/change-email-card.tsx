// SPEC sections 2 and 5, Change E-mail: both fields, a different address, a valid one. The password
// confirms it is really the account's owner; the new address takes effect when it opens the link mailed
// to it, and every other session ends.
import { BlockStack, Button, Card, Form, FormLayout, Text } from '@shopify/polaris'
import { useMemo } from 'react'
import { z } from 'zod'
import { ChangeEmailSchema, MESSAGES, normalizeEmail } from '#server/accounts/accounts.schemas.ts'
import { FormTextField } from '../../forms/form-text-field.tsx'
import { useSchemaForm } from '../../forms/use-schema-form.ts'
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

/** The form's one message at a time, on the field it belongs to. */
const emailFormSchema = (currentEmail: string) =>
  z.object({ email: z.string(), password: z.string() }).superRefine((fields, context) => {
    const problem = emailFormProblem(fields, currentEmail)
    if (problem) context.addIssue({ code: 'custom', path: [problem.field], message: problem.message })
  })

export function ChangeEmailCard({ user }: { user: SessionUser }) {
  const schema = useMemo(() => emailFormSchema(user.email), [user.email])
  const form = useSchemaForm({ schema, defaultValues: EMPTY })
  const changeEmail = useChangeEmail()

  const submit = (fields: typeof EMPTY) => {
    changeEmail.mutate(
      { new_email: normalizeEmail(fields.email), password: fields.password },
      { onSuccess: () => form.reset(EMPTY) },
    )
  }

  return (
    <Card>
      <Form onSubmit={() => void form.handleSubmit(submit)()} noValidate>
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
            <FormTextField
              label="New e-mail"
              type="email"
              autoComplete="email"
              form={form}
              name="email"
              disabled={!user.has_password}
            />
            <FormTextField
              label="Current password"
              type="password"
              autoComplete="current-password"
              form={form}
              name="password"
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
