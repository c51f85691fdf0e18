// SPEC section 2, Help center: the contact form (name, e-mail, subject, message of at least 150 px,
// Send Message). The SPEC shows no call behind it, so rather than pretend the message was sent, a valid
// form opens the visitor's e-mail app with the message written out, and says so.
import { Button, Form, FormLayout, Text, TextField } from '@shopify/polaris'
import { useId, useState } from 'react'
import { useToast } from '../../feedback/toast-context.tsx'
import { supportMailLink } from './support-mail-link.ts'
import { SupportMessageSchema, type SupportMessage } from './support-message.schemas.ts'
import './contact-support-form.css'

type Field = keyof SupportMessage
type FieldErrors = Partial<Record<Field, string>>

const EMPTY: SupportMessage = { name: '', email: '', subject: '', message: '' }
const FIELD_ORDER: Field[] = ['name', 'email', 'subject', 'message']

export function ContactSupportForm({ recipient }: { recipient: string }) {
  const toast = useToast()
  const formId = useId()
  const [values, setValues] = useState<SupportMessage>(EMPTY)
  const [errors, setErrors] = useState<FieldErrors>({})
  const [mailLink, setMailLink] = useState<string | null>(null)
  const fieldId = (field: Field) => `${formId}-${field}`

  const change = (field: Field) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }))
    setErrors((current) => ({ ...current, [field]: undefined }))
  }

  const submit = () => {
    const parsed = SupportMessageSchema.safeParse(values)
    if (!parsed.success) {
      const found: FieldErrors = {}
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field
        found[field] ??= issue.message
      }
      setErrors(found)
      const first = FIELD_ORDER.find((field) => found[field])
      if (first) document.getElementById(fieldId(first))?.focus()
      return
    }
    const link = supportMailLink(recipient, parsed.data)
    setMailLink(link)
    toast.info(
      'Opening your e-mail app',
      `Your message to ${recipient} is written out there: press Send in your e-mail app to deliver it.`,
    )
    window.location.href = link
  }

  return (
    <Form onSubmit={submit} noValidate>
      <FormLayout>
        <FormLayout.Group>
          <TextField
            id={fieldId('name')}
            label="Name"
            autoComplete="name"
            value={values.name}
            onChange={change('name')}
            error={errors.name}
            requiredIndicator
          />
          <TextField
            id={fieldId('email')}
            label="E-mail"
            type="email"
            autoComplete="email"
            value={values.email}
            onChange={change('email')}
            error={errors.email}
            requiredIndicator
          />
        </FormLayout.Group>
        <TextField
          id={fieldId('subject')}
          label="Subject"
          autoComplete="off"
          value={values.subject}
          onChange={change('subject')}
          error={errors.subject}
          requiredIndicator
        />
        <div className="support-form__message">
          <TextField
            id={fieldId('message')}
            label="Message"
            autoComplete="off"
            multiline={6}
            maxLength={2000}
            showCharacterCount
            value={values.message}
            onChange={change('message')}
            error={errors.message}
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
