// SPEC section 2, Help center: the contact form (name, e-mail, subject, message of at least 150 px,
// Send Message). The SPEC shows no call behind it, so rather than pretend the message was sent, a valid
// form opens the visitor's e-mail app with the message written out, and says so.
import { Button, Form, FormLayout, Text } from '@shopify/polaris'
import { useId, useState } from 'react'
import type { FieldErrors } from 'react-hook-form'
import { useToast } from '../../feedback/toast-context.tsx'
import { FormTextField } from '../../forms/form-text-field.tsx'
import { useSchemaForm } from '../../forms/use-schema-form.ts'
import { supportMailLink } from './support-mail-link.ts'
import { SupportMessageSchema, type SupportMessage } from './support-message.schemas.ts'
import './contact-support-form.css'

type Field = keyof SupportMessage

const EMPTY: SupportMessage = { name: '', email: '', subject: '', message: '' }
const FIELD_ORDER: Field[] = ['name', 'email', 'subject', 'message']

export function ContactSupportForm({ recipient }: { recipient: string }) {
  const toast = useToast()
  const formId = useId()
  const form = useSchemaForm({ schema: SupportMessageSchema, defaultValues: EMPTY })
  const [mailLink, setMailLink] = useState<string | null>(null)
  const fieldId = (field: Field) => `${formId}-${field}`

  const refused = (found: FieldErrors<SupportMessage>) => {
    const first = FIELD_ORDER.find((field) => found[field])
    if (first) document.getElementById(fieldId(first))?.focus()
  }

  const submit = (message: SupportMessage) => {
    const link = supportMailLink(recipient, message)
    setMailLink(link)
    toast.info(
      'Opening your e-mail app',
      `Your message to ${recipient} is written out there: press Send in your e-mail app to deliver it.`,
    )
    window.location.href = link
  }

  return (
    <Form onSubmit={() => void form.handleSubmit(submit, refused)()} noValidate>
      <FormLayout>
        <FormLayout.Group>
          <FormTextField
            form={form}
            name="name"
            id={fieldId('name')}
            label="Name"
            autoComplete="name"
            requiredIndicator
          />
          <FormTextField
            form={form}
            name="email"
            id={fieldId('email')}
            label="E-mail"
            type="email"
            autoComplete="email"
            requiredIndicator
          />
        </FormLayout.Group>
        <FormTextField
          form={form}
          name="subject"
          id={fieldId('subject')}
          label="Subject"
          autoComplete="off"
          requiredIndicator
        />
        <div className="support-form__message">
          <FormTextField
            form={form}
            name="message"
            id={fieldId('message')}
            label="Message"
            autoComplete="off"
            multiline={6}
            maxLength={2000}
            showCharacterCount
            requiredIndicator
          />
        </div>
        <div className="support-form__footer">
          <Button submit variant="primary">
            Send Message
          </Button>
          <Text as="p" variant="bodySm" tone="subdued">
            Opens your e-mail app with this message to {recipient}. We answer within 24 hours.
          </Text>
        </div>
        {mailLink ? (
          <p className="support-form__fallback" data-testid="support-mail-fallback">
            E-mail app did not open?{' '}
            <a href={mailLink} className="support-form__fallback-link">
              Open the message again
            </a>{' '}
            or write to <a href={`mailto:${recipient}`}>{recipient}</a>.
          </p>
        ) : null}
      </FormLayout>
    </Form>
  )
}
