// The Widget page's content (SPEC sections 2 and 4): the form or, once created, the embed code; the live
// preview beside it; the chosen agent's integrations below, each of which the form can edit in place
// (its client key, so its embed code, stays). With one agent it is chosen already; a second widget for a
// site the agent already serves is warned about. Kept apart from the page so the embedded Shopify admin
// can show the same screen.
import { BlockStack, Card, Text } from '@shopify/polaris'
import { useQuery } from '@tanstack/react-query'
import { useCallback, useEffect, useState } from 'react'
import { useWatch, type FieldErrors, type PathValue } from 'react-hook-form'
import { normaliseDomain } from '#server/widgets/widgets.schemas.ts'
import { useApi } from '../../api/api-context.tsx'
import { useSchemaForm } from '../../forms/use-schema-form.ts'
import { AccessNote, agentCan } from '../agents/agent-access.tsx'
import { agentChoicesQuery } from '../agents/agents.queries.ts'
import { IntegrationsTable } from './integrations-table.tsx'
import { useCreateIntegration } from './use-create-integration.ts'
import { useUpdateIntegration } from './use-update-integration.ts'
import { useObjectUrl } from './use-object-url.ts'
import { WidgetFormSchema } from './validate-widget-form.ts'
import type { WidgetIntegration } from './widget.types.ts'
import { WidgetConfigForm } from './widget-config-form.tsx'
import {
  valuesOfIntegration,
  WIDGET_FORM_DEFAULTS,
  type WidgetFieldsProps,
  type WidgetFormErrors,
  type WidgetFormValues,
} from './widget-form-values.ts'
import { WidgetPreview } from './widget-preview.tsx'
import { WidgetResult } from './widget-result.tsx'
import { IdentityVerificationCard } from './identity-verification-card.tsx'
import { widgetIntegrationsQuery } from './widgets.queries.ts'
import './widget-configuration.css'

const WIDGETS_NOTE = "Only the agent's owner or a team admin can add or change its widgets."

const messagesOf = (errors: FieldErrors<WidgetFormValues>): WidgetFormErrors =>
  Object.fromEntries(Object.entries(errors).map(([field, error]) => [field, error?.message]))

/** serverOrigin: where widget.js is served, for the embed code; the dashboard's own origin by default. */
export function WidgetConfiguration({ serverOrigin = window.location.origin }: { serverOrigin?: string }) {
  const client = useApi()
  const agents = useQuery(agentChoicesQuery(client))
  const form = useSchemaForm({ schema: WidgetFormSchema, defaultValues: WIDGET_FORM_DEFAULTS })
  const { reset, setValue, getValues, clearErrors } = form
  // Every field, for the preview and the fields' tabs (defaults first: a logo File is kept as it is).
  const values = { ...WIDGET_FORM_DEFAULTS, ...useWatch({ control: form.control }) } as WidgetFormValues
  const errors = messagesOf(form.formState.errors)
  const [created, setCreated] = useState<WidgetIntegration | null>(null)
  const [editing, setEditing] = useState<WidgetIntegration | null>(null)
  const create = useCreateIntegration(setCreated)
  const chosenLogoUrl = useObjectUrl(values.website_logo)
  // While editing, the preview shows the integration's own logo until another is chosen.
  const logoUrl = chosenLogoUrl ?? editing?.website_logo ?? null
  const agentList = agents.data?.agents ?? []
  const chosenAgent = agentList.find((agent) => agent.agent_id === values.agentId)
  const agentName = chosenAgent?.name ?? null
  // Widgets are the agent's owner's and its team admins' to add and change (docs/permissions.md, edit).
  const canEditWidgets = agentCan(chosenAgent, 'edit')
  const integrations = useQuery({
    ...widgetIntegrationsQuery(client, values.agentId),
    enabled: Boolean(values.agentId),
  })
  const domain = normaliseDomain(values.website_domain)
  const sameSite = (integrations.data?.integrations ?? []).find(
    (integration) => integration.website_domain === domain && integration.integration_id !== editing?.integration_id,
  )
  const notice = sameSite
    ? `${sameSite.website_domain} already has a widget of this agent (${sameSite.website_name}). Edit that one to keep its embed code, or go on to add a second.`
    : null

  // With a single agent there is nothing to choose.
  const onlyAgentId = agentList.length === 1 ? agentList[0]?.agent_id : undefined
  useEffect(() => {
    if (onlyAgentId && !getValues('agentId')) setValue('agentId', onlyAgentId)
  }, [onlyAgentId, getValues, setValue])

  const stopEditing = useCallback(() => {
    setEditing(null)
    reset({ ...WIDGET_FORM_DEFAULTS, agentId: getValues('agentId') })
  }, [reset, getValues, setEditing])
  const update = useUpdateIntegration(stopEditing)
  const startEditing = (integration: WidgetIntegration) => {
    setCreated(null)
    create.reset()
    setEditing(integration)
    reset(valuesOfIntegration(integration))
    window.scrollTo({ top: 0, behavior: 'smooth' })
  }

  const onChange = useCallback<WidgetFieldsProps['onChange']>(
    (field, value) => {
      // The field's own type (WidgetFieldsProps); react-hook-form's path types cannot see it through the generic.
      setValue(field, value as PathValue<WidgetFormValues, typeof field>)
      // A message goes once its field is touched again; the next submit checks everything anew.
      clearErrors(field)
    },
    [setValue, clearErrors],
  )

  // Answers the messages when the form is refused, null when it is sent.
  const submit = () =>
    new Promise<WidgetFormErrors | null>((settle) => {
      void form.handleSubmit(
        ({ payload, logo }) => {
          if (editing) update.mutate({ integration: editing, payload, logo })
          else create.mutate({ agentId: values.agentId, payload, logo })
          settle(null)
        },
        (refused) => settle(messagesOf(refused)),
      )()
    })
  const startAgain = () => reset({ ...WIDGET_FORM_DEFAULTS, agentId: onlyAgentId ?? '' })
  // The agent stays chosen, so the list below (which now holds the new integration) stays in view.
  const createAnother = () => {
    setCreated(null)
    create.reset()
    reset({ ...WIDGET_FORM_DEFAULTS, agentId: values.agentId })
  }

  return (
    <BlockStack gap="400">
      <div className="widget-config">
        <div className="widget-config__columns">
          <Card>
            {created ? (
              <WidgetResult integration={created} serverOrigin={serverOrigin} onCreateAnother={createAnother} />
            ) : (
              <WidgetConfigForm
                values={values}
                errors={errors}
                onChange={onChange}
                onSubmit={submit}
                onReset={startAgain}
                isCreating={create.isPending || update.isPending}
                editing={editing ? { websiteName: editing.website_name, onCancel: stopEditing } : null}
                notice={notice}
                blocked={canEditWidgets ? null : WIDGETS_NOTE}
                choices={{
                  agents: agentList,
                  isLoading: agents.isPending,
                  loadError: agents.isError ? agents.error.message : null,
                  retry: () => void agents.refetch(),
                  locked: editing !== null,
                }}
              />
            )}
          </Card>
          <div className="widget-config__preview">
            <Card>
              <BlockStack gap="300">
                <Text as="h2" variant="headingMd">
                  Live preview
                </Text>
                <WidgetPreview values={values} logoUrl={logoUrl} agentName={agentName} />
              </BlockStack>
            </Card>
          </div>
        </div>
      </div>
      {editing ? <IdentityVerificationCard key={editing.integration_id} integration={editing} /> : null}
      {values.agentId && (
        <Card padding="0">
          <div className="integrations-table__heading">
            <Text as="h2" variant="headingMd">
              {agentName ? `Integrations for ${agentName}` : 'Integrations'}
            </Text>
          </div>
          {canEditWidgets ? null : (
            <div className="integrations-table__note">
              <AccessNote need="edit">{WIDGETS_NOTE}</AccessNote>
            </div>
          )}
          <IntegrationsTable
            agentId={values.agentId}
            serverOrigin={serverOrigin}
            onEdit={startEditing}
            canEdit={canEditWidgets}
          />
        </Card>
      )}
    </BlockStack>
  )
}
