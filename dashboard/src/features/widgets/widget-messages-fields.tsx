// Messages tab: the name the chat shows and the first thing it says (SPEC section 2).
import { BlockStack, TextField } from '@shopify/polaris'
import type { WidgetFieldsProps } from './widget-form-values.ts'

export function WidgetMessagesFields({ values, errors, onChange }: WidgetFieldsProps) {
  return (
    <BlockStack gap="400">
      <TextField
        label="Bot name"
        requiredIndicator
        autoComplete="off"
        maxLength={80}
        value={values.botName}
        onChange={(value) => onChange('botName', value)}
        error={errors.botName}
      />
      <TextField
        label="Start message"
        requiredIndicator
        autoComplete="off"
        multiline={3}
        maxLength={1000}
        value={values.start_message}
        onChange={(value) => onChange('start_message', value)}
        error={errors.start_message}
        helpText="The first message visitors see when they open the chat."
      />
    </BlockStack>
  )
}
