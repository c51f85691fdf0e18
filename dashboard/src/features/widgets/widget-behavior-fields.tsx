// Behavior tab (SPEC section 2). The original had no trigger for this tab; here it has one.
import { BlockStack, Checkbox } from '@shopify/polaris'
import type { WidgetFieldsProps } from './widget-form-values.ts'

export function WidgetBehaviorFields({ values, onChange }: WidgetFieldsProps) {
  return (
    <BlockStack gap="400">
      <Checkbox
        label="Auto-open chat"
        helpText="Opens the chat window by itself when a visitor arrives."
        checked={values.autoOpen}
        onChange={(checked) => onChange('autoOpen', checked)}
      />
      <Checkbox
        label="Collect user email"
        helpText="Asks visitors for their e-mail address before the first message."
        checked={values.collectUserEmail}
        onChange={(checked) => onChange('collectUserEmail', checked)}
      />
      <Checkbox
        label="Enable attachments"
        helpText="Lets visitors attach an image or a document under 5 MB."
        checked={values.enableAttachments}
        onChange={(checked) => onChange('enableAttachments', checked)}
      />
    </BlockStack>
  )
}
