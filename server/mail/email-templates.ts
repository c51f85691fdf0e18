// The e-mails the product sends, each rendered in the one layout (email-layout.ts).
import { layoutEmail, PRODUCT_NAME } from './email-layout.ts'
import type { EmailContent } from './outgoing-email.ts'

export const PASSWORD_RESET_MINUTES = 30

export function passwordResetEmail({ link }: { link: string }): EmailContent {
  return layoutEmail({
    subject: `Set a new ${PRODUCT_NAME} password`,
    heading: 'Set a new password',
    paragraphs: [
      `Someone asked to set a new password for the ${PRODUCT_NAME} account of this address. The link works once, for ${PASSWORD_RESET_MINUTES} minutes.`,
      'Setting a new password signs the account out everywhere else.',
    ],
    action: { label: 'Set a new password', url: link },
    footnote: 'If you did not ask for this, ignore this e-mail: your password stays as it is.',
  })
}
