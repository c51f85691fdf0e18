// The Help Center's Contact Support tab: the form (it writes to the support e-mail) and the phone, where
// the server has them (SUPPORT_EMAIL, SUPPORT_PHONE); with neither, it says so rather than show an
// address nobody reads.
import { BlockStack, Text } from '@shopify/polaris'
import type { SupportContact } from '#server/support/support-contact.schemas.ts'
import { ContactSupportForm } from './contact-support-form.tsx'
import { telHref } from './use-support-contact.ts'

export function ContactSupport({ contact: { email, phone } }: { contact: SupportContact }) {
  if (!email && !phone)
    return (
      <Text as="p" tone="subdued">
        No support contact is set up on this server yet. Ask whoever runs AgentDesk for you: they set SUPPORT_EMAIL and
        SUPPORT_PHONE.
      </Text>
    )
  return (
    <BlockStack gap="300">
      <Text as="p" tone="subdued">
        Our support team is available 24/7 and answers within 24 hours.
      </Text>
      {phone ? (
        <Text as="p">
          Call us: <a href={telHref(phone)}>{phone}</a>
        </Text>
      ) : null}
      {email ? <ContactSupportForm recipient={email} /> : null}
    </BlockStack>
  )
}
