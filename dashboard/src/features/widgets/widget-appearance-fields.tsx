// Appearance tab: the corner, the colour and the "Powered by" line (SPEC section 2).
import { BlockStack, Checkbox, Select, TextField } from '@shopify/polaris'
import { isHexColor } from './safe-color.ts'
import type { WidgetPosition } from './widget.types.ts'
import { POSITION_OPTIONS, type WidgetFieldsProps } from './widget-form-values.ts'

/** The colour input only takes #rrggbb; a short #abc is widened for it. */
const sixDigits = (value: string) =>
  /^#[0-9a-f]{3}$/i.test(value) ? `#${[...value.slice(1)].map((digit) => digit + digit).join('')}` : value

export function WidgetAppearanceFields({ values, errors, onChange }: WidgetFieldsProps) {
  const colour = values.primaryColor.trim()
  return (
    <BlockStack gap="400">
      <Select
        label="Position"
        options={POSITION_OPTIONS}
        value={values.position}
        onChange={(value) => onChange('position', value as WidgetPosition)}
        error={errors.position}
      />
      <TextField
        label="Primary color"
        autoComplete="off"
        value={values.primaryColor}
        onChange={(value) => onChange('primaryColor', value)}
        error={errors.primaryColor}
        helpText="A hex colour such as #6366f1."
        maxLength={7}
        connectedRight={
          <input
            className="widget-color-picker"
            type="color"
            aria-label="Pick the primary color"
            value={isHexColor(colour) ? sixDigits(colour).toLowerCase() : '#6366f1'}
            onChange={(event) => onChange('primaryColor', event.target.value)}
          />
        }
      />
      <Checkbox
        label="Show branding"
        helpText="Shows “Powered by AgentDesk” under the chat."
        checked={values.showBranding}
        onChange={(checked) => onChange('showBranding', checked)}
      />
    </BlockStack>
  )
}
