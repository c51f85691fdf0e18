// The account's erasure of a visitor (issue 36): an address, a confirmation, then everything the
// account's agents keep about that visitor is deleted, and what went is shown.
import { Banner, BlockStack, Button, Card, Form, Text } from '@shopify/polaris'
import { useState } from 'react'
import { EraseVisitorSchema, type VisitorErasure } from '#server/leads/erasure.schemas.ts'
import { useApiMutation } from '../../api/use-api-mutation.ts'
import { ConfirmModal } from '../../feedback/confirm-modal.tsx'
import { accountRoutes } from '../../api/routes/account-routes.ts'
import { FormTextField } from '../../forms/form-text-field.tsx'
import { useSchemaForm } from '../../forms/use-schema-form.ts'

const plural = (count: number, one: string) => `${count} ${one}${count === 1 ? '' : 's'}`

function erasedSummary(email: string, erased: VisitorErasure) {
  if (Object.values(erased).every((count) => count === 0)) return `Nothing was kept about ${email}.`
  const { leads_deleted, conversations_deleted, messages_deleted, attachments_deleted } = erased
  return `Deleted for ${email}: ${plural(leads_deleted, 'lead')}, ${plural(conversations_deleted, 'conversation')}, ${plural(messages_deleted, 'message')} and ${plural(attachments_deleted, 'file')}.`
}

export function EraseVisitorCard() {
  const form = useSchemaForm({ schema: EraseVisitorSchema, defaultValues: { email: '' } })
  const [confirming, setConfirming] = useState<string>()
  const [done, setDone] = useState<string>()
  const erase = useApiMutation<string, VisitorErasure>({
    run: (client, address) => client.call(accountRoutes.eraseVisitor, { body: { email: address } }),
    errorTitle: "Failed to erase the visitor's data",
    successToast: false,
    onSuccess: (erased, address) => {
      setConfirming(undefined)
      setDone(erasedSummary(address, erased))
      form.reset({ email: '' })
    },
    onError: () => setConfirming(undefined),
  })

  const submit = ({ email }: { email: string }) => {
    setDone(undefined)
    setConfirming(email)
  }

  return (
    <Card>
      <Form onSubmit={() => void form.handleSubmit(submit)()} noValidate>
        <BlockStack gap="300">
          <BlockStack gap="100">
            <Text as="h2" variant="headingMd">
              Erase a visitor&apos;s data
            </Text>
            <Text as="p" tone="subdued">
              When a visitor asks you to delete what you keep about them: their leads, conversations, messages, files
              and ratings with all your agents go for good. An audit line records who did it, without the address.
            </Text>
          </BlockStack>
          {done ? (
            <Banner tone="success" onDismiss={() => setDone(undefined)}>
              {done}
            </Banner>
          ) : null}
          <FormTextField form={form} name="email" label="Visitor's e-mail" type="email" autoComplete="off" />
          <div>
            <Button submit tone="critical" loading={erase.isPending}>
              Erase data
            </Button>
          </div>
        </BlockStack>
      </Form>
      <ConfirmModal
        open={confirming !== undefined}
        title="Erase this visitor's data?"
        confirmLabel="Erase data"
        busy={erase.isPending}
        onCancel={() => setConfirming(undefined)}
        onConfirm={() => confirming && erase.mutate(confirming)}
      >
        {`Every lead, conversation, message and file your agents keep about ${confirming ?? ''} will be deleted for good. It cannot be undone.`}
      </ConfirmModal>
    </Card>
  )
}
