// The widget form (SPEC section 2): four tabs, each with its own trigger (the original hid Behavior's),
// then Reset and Create Widget Integration. A refused submit lists every message and opens the first
// tab that has one, so no message hides behind a tab.
import { Banner, BlockStack, Button, InlineStack, List, Tabs } from '@shopify/polaris'
import { useRef, useState, type FormEvent } from 'react'
import { AccessNote } from '../agents/agent-access.tsx'
import { WidgetAppearanceFields } from './widget-appearance-fields.tsx'
import { WidgetBehaviorFields } from './widget-behavior-fields.tsx'
import type { WidgetFieldsProps, WidgetFormErrors, WidgetFormField } from './widget-form-values.ts'
import { WidgetMessagesFields } from './widget-messages-fields.tsx'
import { WidgetSetupFields, type AgentChoices } from './widget-setup-fields.tsx'

const TABS: { id: string; content: string; fields: WidgetFormField[] }[] = [
  { id: 'widget-tab-setup', content: 'Setup', fields: ['agentId', 'website_name', 'website_domain', 'website_logo'] },
  { id: 'widget-tab-appearance', content: 'Appearance', fields: ['position', 'primaryColor', 'showBranding'] },
  { id: 'widget-tab-behavior', content: 'Behavior', fields: ['autoOpen', 'collectUserEmail', 'enableAttachments'] },
  { id: 'widget-tab-messages', content: 'Messages', fields: ['botName', 'start_message'] },
]

export interface WidgetConfigFormProps extends WidgetFieldsProps {
  choices: AgentChoices
  isCreating: boolean
  /** The integration being edited: Save Changes and Cancel instead of Create and Reset. */
  editing?: { websiteName: string; onCancel(): void } | null
  /** A warning shown above the tabs (a second widget for the same site, say). */
  notice?: string | null
  /** Why the chosen agent's widgets cannot be created here (the caller may not change them): submit is off. */
  blocked?: string | null
  /** Validates and sends; answers the messages when the form is refused. */
  onSubmit(): Promise<WidgetFormErrors | null>
  onReset(): void
}

export function WidgetConfigForm({
  values,
  errors,
  onChange,
  choices,
  isCreating,
  onSubmit,
  onReset,
  editing = null,
  notice = null,
  blocked = null,
}: WidgetConfigFormProps) {
  const [selected, setSelected] = useState(0)
  const summary = useRef<HTMLDivElement>(null)
  const messages = TABS.flatMap((tab) =>
    tab.fields.flatMap((field) => (errors[field] ? [{ tab: tab.content, field, message: errors[field] }] : [])),
  )
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const refused = await onSubmit()
    if (!refused) return
    const first = TABS.findIndex((tab) => tab.fields.some((field) => refused[field]))
    if (first >= 0) setSelected(first)
    requestAnimationFrame(() => summary.current?.focus())
  }
  const fields = { values, errors, onChange }
  const tab = TABS[selected]?.content
  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Widget configuration">
      <BlockStack gap="400">
        {editing && (
          <Banner tone="info" title={`Editing ${editing.websiteName}`}>
            Its embed code stays the same: the website needs no change.
          </Banner>
        )}
        {notice && <Banner tone="warning">{notice}</Banner>}
        {messages.length > 0 && (
          <div ref={summary} tabIndex={-1} className="widget-form-summary">
            <Banner tone="critical" title="Please check the highlighted fields">
              <List>
                {messages.map((item) => (
                  <List.Item key={item.field}>
                    {item.tab}: {item.message}
                  </List.Item>
                ))}
              </List>
            </Banner>
          </div>
        )}
        <Tabs
          tabs={TABS.map(({ id, content, fields: tabFields }) =>
            tabFields.some((field) => errors[field])
              ? { id, content, badge: '!', accessibilityLabel: `${content} (needs attention)` }
              : { id, content },
          )}
          selected={selected}
          onSelect={setSelected}
          fitted
        >
          <div className="widget-form-panel">
            {tab === 'Setup' && <WidgetSetupFields {...fields} choices={choices} />}
            {tab === 'Appearance' && <WidgetAppearanceFields {...fields} />}
            {tab === 'Behavior' && <WidgetBehaviorFields {...fields} />}
            {tab === 'Messages' && <WidgetMessagesFields {...fields} />}
          </div>
        </Tabs>
        {blocked ? <AccessNote need="edit">{blocked}</AccessNote> : null}
        <InlineStack gap="200" align="end">
          {editing ? (
            <>
              <Button onClick={editing.onCancel} disabled={isCreating}>
                Cancel
              </Button>
              <Button variant="primary" submit disabled={isCreating}>
                {isCreating ? 'Saving...' : 'Save Changes'}
              </Button>
            </>
          ) : (
            <>
              <Button onClick={onReset} disabled={isCreating}>
                Reset
              </Button>
              <Button variant="primary" submit disabled={isCreating || blocked !== null}>
                {isCreating ? 'Creating...' : 'Create Widget Integration'}
              </Button>
            </>
          )}
        </InlineStack>
      </BlockStack>
    </form>
  )
}
