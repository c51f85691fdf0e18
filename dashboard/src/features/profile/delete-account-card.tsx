// SPEC section 2, Account Deletion (Danger Zone): the password, then a confirmation; afterwards the
// session ends and the browser goes to /auth.
import { Badge, BlockStack, Button, Card, Form, InlineStack, Text, TextField } from '@shopify/polaris'
import { useState } from 'react'
import { MESSAGES } from '#server/accounts/accounts.schemas.ts'
import type { SessionUser } from '../../session/session-check.ts'
import { ConfirmModal } from '../../feedback/confirm-modal.tsx'
import { useDeleteAccount } from './profile.mutations.ts'

export function DeleteAccountCard({ user }: { user: SessionUser }) {
  const [password, setPassword] = useState('')
  const [error, setError] = useState<string>()
  const [isConfirming, setIsConfirming] = useState(false)
  const deleteAccount = useDeleteAccount()

  const submit = () => {
    if (password === '') return setError(MESSAGES.deletePasswordRequired)
    setIsConfirming(true)
  }

  return (
    <Card>
      <Form onSubmit={submit} noValidate>
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
          <TextField
            label="Password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(value) => {
              setPassword(value)
              setError(undefined)
            }}
            error={error}
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
        open={isConfirming}
        title="Delete your account?"
        confirmLabel="Delete Account"
        busy={deleteAccount.isPending}
        onCancel={() => setIsConfirming(false)}
        onConfirm={() => deleteAccount.mutate({ password }, { onError: () => setIsConfirming(false) })}
      >
        {`Everything ${user.email} owns will be deleted for good, and you will be signed out.`}
      </ConfirmModal>
    </Card>
  )
}
