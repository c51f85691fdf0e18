// Behavior tab (SPEC section 2). The original had no trigger for this tab; here it has one.
import { BlockStack, Checkbox, TextField } from '@shopify/polaris'
import type { WidgetFieldsProps } from './widget-form-values.ts'

export function WidgetBehaviorFields({ values, errors, onChange }: WidgetFieldsProps) {
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
      <Checkbox
        label="Let visitors talk to a person"
        helpText="Shows Talk to a person in the chat; your team joins from Conversations and the agent stops answering."
        checked={values.humanHandoff}
        onChange={(checked) => onChange('humanHandoff', checked)}
      />
      {values.humanHandoff ? (
        <BlockStack gap="300">
          <TextField
            label="Wait for a person (minutes)"
            type="number"
            min={1}
            max={60}
            autoComplete="off"
            helpText="If nobody joins in this time, the chat offers the visitor to leave an e-mail."
            value={values.handoffWaitMinutes}
            error={errors.handoffWaitMinutes}
            onChange={(value) => onChange('handoffWaitMinutes', value)}
          />
          <TextField
            label="The team answers"
            autoComplete="off"
            helpText='Told to visitors who leave an e-mail, e.g. "We will answer within one business day".'
            value={values.handoffReplyTime}
            error={errors.handoffReplyTime}
            maxLength={80}
            onChange={(value) => onChange('handoffReplyTime', value)}
          />
        </BlockStack>
      ) : null}
    </BlockStack>
  )
}
