// Setup tab: which agent answers, the website it lives on and its optional logo (SPEC section 2).
import { BlockStack, Button, InlineStack, Select, Text, TextField } from '@shopify/polaris'
import type { Agent } from '../agents/agent.types.ts'
import { WidgetLogoField } from './widget-logo-field.tsx'
import type { WidgetFieldsProps } from './widget-form-values.ts'

export interface AgentChoices {
  agents: Agent[]
  isLoading: boolean
  loadError: string | null
  retry(): void
  /** While an integration is edited: it stays with its agent. */
  locked?: boolean
}

export function WidgetSetupFields({
  values,
  errors,
  onChange,
  choices,
}: WidgetFieldsProps & { choices: AgentChoices }) {
  const hasNoAgents = !choices.isLoading && !choices.loadError && choices.agents.length === 0
  const placeholder = choices.isLoading ? 'Loading agents…' : hasNoAgents ? 'No agents available' : 'Select an agent'
  return (
    <BlockStack gap="400">
      <BlockStack gap="200">
        <Select
          label="Agent"
          requiredIndicator
          options={choices.agents.map((agent) => ({ label: agent.name, value: agent.agent_id }))}
          placeholder={placeholder}
          value={values.agentId}
          onChange={(value) => onChange('agentId', value)}
          disabled={choices.isLoading || hasNoAgents || choices.locked}
          error={errors.agentId}
          helpText="The agent that answers the website's visitors."
        />
        {hasNoAgents && (
          <InlineStack gap="200" blockAlign="center">
            <Text as="p" tone="subdued">
              No agents available
            </Text>
            <Button url="/app/create-agent" variant="plain">
              Create an agent
            </Button>
          </InlineStack>
        )}
        {choices.loadError && (
          <InlineStack gap="200" blockAlign="center">
            <Text as="p" tone="critical">
              {choices.loadError}
            </Text>
            <Button onClick={choices.retry} variant="plain">
              Retry
            </Button>
          </InlineStack>
        )}
      </BlockStack>
      <TextField
        label="Website name"
        requiredIndicator
        autoComplete="off"
        placeholder="My Store"
        maxLength={200}
        value={values.website_name}
        onChange={(value) => onChange('website_name', value)}
        error={errors.website_name}
      />
      <TextField
        label="Website domain"
        requiredIndicator
        autoComplete="off"
        inputMode="url"
        placeholder="shop.example.com"
        value={values.website_domain}
        onChange={(value) => onChange('website_domain', value)}
        error={errors.website_domain}
        helpText="Only pages on this domain can open the widget. A domain alone, such as shop.example.com, means https on the usual port; name the scheme or port when your pages use others, such as http://localhost:8080."
      />
      <WidgetLogoField
        file={values.website_logo}
        error={errors.website_logo}
        onChange={(file) => onChange('website_logo', file)}
      />
    </BlockStack>
  )
}
