// The API tab's keys (SPEC section 2: masked production and development keys), made real: the account's
// keys listed masked, a form that makes one and shows it this once with Copy, and Delete with confirmation.
// A key is a bearer for the agents, knowledge and conversations calls (docs/api/accounts.md).
import { Badge, Banner, BlockStack, Button, Card, InlineStack, Spinner, Text } from '@shopify/polaris'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useWatch } from 'react-hook-form'
import { NewApiKeySchema, type ApiKeyView, type CreatedApiKey } from '#server/accounts/api-keys/api-keys.schemas.ts'
import { useApi } from '../../api/api-context.tsx'
import { useApiMutation } from '../../api/use-api-mutation.ts'
import { ConfirmModal } from '../../feedback/confirm-modal.tsx'
import { messageOf } from '../../feedback/report-error.ts'
import { useToast } from '../../feedback/toast-context.tsx'
import { FormSelect } from '../../forms/form-select.tsx'
import { FormTextField } from '../../forms/form-text-field.tsx'
import { useSchemaForm } from '../../forms/use-schema-form.ts'
import { copyText } from '../widgets/copy-text.ts'
import { accountRoutes } from '../../api/routes/account-routes.ts'

const API_KEYS_KEY = ['accounts', 'api-keys'] as const
const DATE = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' })
const ENVIRONMENTS = [
  { label: 'Production', value: 'production' },
  { label: 'Development', value: 'development' },
]

function KeyRow({ item, onDelete }: { item: ApiKeyView; onDelete(item: ApiKeyView): void }) {
  return (
    <li className="api-keys__row" data-testid="api-key-row">
      <BlockStack gap="100">
        <InlineStack gap="200" blockAlign="center">
          <Text as="span" fontWeight="semibold">
            {item.name}
          </Text>
          <Badge tone={item.environment === 'production' ? 'success' : 'info'}>
            {item.environment === 'production' ? 'Production' : 'Development'}
          </Badge>
        </InlineStack>
        <code className="api-keys__masked">{item.masked_key}</code>
        <Text as="span" variant="bodySm" tone="subdued">
          {`Created ${DATE.format(new Date(item.created_at))} · ${
            item.last_used_at ? `last used ${DATE.format(new Date(item.last_used_at))}` : 'never used'
          }`}
        </Text>
      </BlockStack>
      <Button tone="critical" variant="plain" onClick={() => onDelete(item)} accessibilityLabel={`Delete ${item.name}`}>
        Delete
      </Button>
    </li>
  )
}

export function ApiKeysCard() {
  const client = useApi()
  const toaster = useToast()
  const keys = useQuery({
    queryKey: API_KEYS_KEY,
    queryFn: () => client.call(accountRoutes.apiKeys),
  })
  const form = useSchemaForm({ schema: NewApiKeySchema, defaultValues: { name: '', environment: 'production' } })
  const name = useWatch({ control: form.control, name: 'name' })
  const [shown, setShown] = useState<CreatedApiKey | null>(null)
  const [deleting, setDeleting] = useState<ApiKeyView | null>(null)
  const create = useApiMutation<{ name: string; environment: 'production' | 'development' }, CreatedApiKey>({
    run: (api, body) => api.call(accountRoutes.createApiKey, { body }),
    errorTitle: 'Failed to create API key',
    successToast: false,
    invalidates: [API_KEYS_KEY],
    onSuccess: (created) => {
      setShown(created)
      form.setValue('name', '')
    },
  })
  const remove = useApiMutation<ApiKeyView>({
    run: (api, item) => api.call(accountRoutes.deleteApiKey, { params: { keyId: item.key_id } }),
    errorTitle: 'Failed to delete API key',
    invalidates: [API_KEYS_KEY],
    onSuccess: (_answer, item) => {
      setDeleting(null)
      if (shown?.api_key.key_id === item.key_id) setShown(null)
    },
  })
  const submit = form.handleSubmit((key) => create.mutate(key))
  const copy = async (key: string) => {
    try {
      await copyText(key)
      toaster.success('Copied', 'The API key is on your clipboard.')
    } catch (error) {
      toaster.error('Copy failed', messageOf(error))
    }
  }
  const list = keys.data?.api_keys

  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          API keys
        </Text>
        <Text as="p" tone="subdued">
          For your own servers: send a key as Authorization: Bearer &lt;key&gt; to the agents, knowledge and
          conversations calls. Keep production keys out of web pages and apps.
        </Text>
        {shown ? (
          <Banner tone="warning" title={`Your new key “${shown.api_key.name}”`} onDismiss={() => setShown(null)}>
            <BlockStack gap="200">
              <p>Copy it now: it will not be shown again.</p>
              <code className="api-keys__secret" data-testid="new-api-key">
                {shown.key}
              </code>
              <InlineStack>
                <Button onClick={() => void copy(shown.key)}>Copy key</Button>
              </InlineStack>
            </BlockStack>
          </Banner>
        ) : null}
        <div className="api-keys__form">
          <div className="api-keys__name">
            <FormTextField
              form={form}
              name="name"
              label="Key name"
              autoComplete="off"
              maxLength={100}
              placeholder="Order sync"
            />
          </div>
          <FormSelect form={form} name="environment" label="Environment" options={ENVIRONMENTS} />
          <Button variant="primary" onClick={() => void submit()} loading={create.isPending} disabled={!name.trim()}>
            Create API key
          </Button>
        </div>
        {keys.isPending ? (
          <Spinner size="small" accessibilityLabel="Loading API keys" />
        ) : keys.isError ? (
          <BlockStack gap="200" inlineAlign="start">
            <Text as="p" tone="critical">{`Unable to load API keys: ${messageOf(keys.error)}`}</Text>
            <Button onClick={() => void keys.refetch()}>Try Again</Button>
          </BlockStack>
        ) : !list?.length ? (
          <Text as="p" tone="subdued">
            No API keys yet. Create one for each server or environment that calls AgentDesk.
          </Text>
        ) : (
          <ul className="api-keys__list" aria-label="API keys">
            {list.map((item) => (
              <KeyRow key={item.key_id} item={item} onDelete={setDeleting} />
            ))}
          </ul>
        )}
      </BlockStack>
      <ConfirmModal
        open={deleting !== null}
        title={`Delete ${deleting?.name ?? 'this key'}?`}
        confirmLabel="Delete"
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting)}
        onCancel={() => setDeleting(null)}
      >
        Calls made with this key are refused from now on. This cannot be undone.
      </ConfirmModal>
    </Card>
  )
}
