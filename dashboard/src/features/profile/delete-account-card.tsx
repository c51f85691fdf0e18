// SPEC section 2, Account Deletion (Danger Zone): the password, then a confirmation; afterwards the
// session ends and the browser goes to /auth.
import { Badge, BlockStack, Button, Card, Form, InlineStack, Text } from '@shopify/polaris'
import { useState } from 'react'
import { z } from 'zod'
import { DeleteAccountSchema } from '#server/accounts/accounts.schemas.ts'
import { FormTextField } from '../../forms/form-text-field.tsx'
import { useSchemaForm } from '../../forms/use-schema-form.ts'
import type { SessionUser } from '../../session/session-check.ts'
import { ConfirmModal } from '../../feedback/confirm-modal.tsx'
import { useDeleteAccount } from './profile.mutations.ts'

const DeleteAccountFieldsSchema = z.object({ password: DeleteAccountSchema.shape.password })

export function DeleteAccountCard({ user }: { user: SessionUser }) {
  const form = useSchemaForm({ schema: DeleteAccountFieldsSchema, defaultValues: { password: '' } })
  // The password the confirmation sends, once the form accepted it.
  const [confirming, setConfirming] = useState<string>()
  const deleteAccount = useDeleteAccount()

  return (
    <Card>
      <Form onSubmit={() => void form.handleSubmit(({ password }) => setConfirming(password))()} noValidate>
        <BlockStack gap="300">
          <BlockStack gap="100">
            <InlineStack gap="200" blockAlign="center">
              <Text as="h2" variant="headingMd">
                Account Deletion
              </Text>
              <Badge tone="critical">Danger Zone</Badge>
            </InlineStack>
            <Text as="p" tone="subdued">
              Deleting your account deletes your agents with their documents, texts, websites, conversations and
              widgets, and your teams. It cannot be undone.
            </Text>
          </BlockStack>
          <FormTextField
            form={form}
            name="password"
            label="Password"
            type="password"
            autoComplete="current-password"
            disabled={!user.has_password}
            helpText={
              user.has_password
                ? 'Enter your password to confirm account deletion.'
                : 'Set a password first: deleting your account asks for it.'
            }
          />
          <div>
            <Button submit tone="critical" variant="primary" disabled={!user.has_password}>
              Delete Account
            </Button>
          </div>
        </BlockStack>
      </Form>
      <ConfirmModal
        open={confirming !== undefined}
        title="Delete your account?"
        confirmLabel="Delete Account"
        busy={deleteAccount.isPending}
        onCancel={() => setConfirming(undefined)}
        onConfirm={() =>
          confirming !== undefined &&
          deleteAccount.mutate({ password: confirming }, { onError: () => setConfirming(undefined) })
        }
      >
        {`Everything ${user.email} owns will be deleted for good, and you will be signed out.`}
      </ConfirmModal>
    </Card>
  )
}
