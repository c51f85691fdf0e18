// The profile's e-mail alerts (issue 20): one switch per alert, each saved when changed.
import { Banner, BlockStack, Card, Checkbox, SkeletonBodyText, Text } from '@shopify/polaris'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { ALERT_KINDS, ALERT_LABELS, type AlertKind, type AlertSettingsView } from '#server/alerts/alert-kinds.ts'
import { useApi } from '../../api/api-context.tsx'
import { useApiMutation } from '../../api/use-api-mutation.ts'
import type { SessionUser } from '../../session/session-check.ts'
import { accountRoutes } from '../../api/routes/account-routes.ts'

const ALERTS_KEY = ['email-alerts']

export function EmailAlertsCard({ user }: { user: SessionUser }) {
  const client = useApi()
  const queryClient = useQueryClient()
  const settings = useQuery({
    queryKey: ALERTS_KEY,
    queryFn: () => client.call(accountRoutes.emailAlerts),
  })
  const save = useApiMutation<Partial<Record<AlertKind, boolean>>, AlertSettingsView & { message?: string }>({
    run: (api, change) => api.call(accountRoutes.updateEmailAlerts, { body: change }),
    errorTitle: 'Failed to save e-mail alerts',
    onSuccess: (answer) => {
      if (Array.isArray(answer.alerts)) queryClient.setQueryData(ALERTS_KEY, { alerts: answer.alerts })
    },
  })
  const enabled = new Map(settings.data?.alerts.map((alert) => [alert.kind, alert.enabled]))

  return (
    <Card>
      <BlockStack gap="300">
        <BlockStack gap="100">
          <Text as="h2" variant="headingMd">
            E-mail alerts
          </Text>
          <Text as="p" tone="subdued">
            Sent to {user.email}, each at most once per event.
          </Text>
        </BlockStack>
        {settings.isPending ? (
          <SkeletonBodyText lines={6} />
        ) : settings.isError ? (
          <Banner tone="critical" title="Unable to load your e-mail alerts">
            Refresh the page to try again.
          </Banner>
        ) : (
          <BlockStack gap="200">
            {ALERT_KINDS.map((kind) => (
              <Checkbox
                key={kind}
                label={ALERT_LABELS[kind].label}
                helpText={ALERT_LABELS[kind].helpText}
                checked={enabled.get(kind) ?? true}
                disabled={save.isPending}
                onChange={(checked) => save.mutate({ [kind]: checked })}
              />
            ))}
          </BlockStack>
        )}
      </BlockStack>
    </Card>
  )
}
