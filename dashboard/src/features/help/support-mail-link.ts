import type { SupportMessage } from './support-message.schemas.ts'

/** A mailto: link that opens the visitor's e-mail app with the support message written out. */
export function supportMailLink(recipient: string, message: SupportMessage): string {
  const body = `${message.message}\n\n--\n${message.name}\n${message.email}`
  return `mailto:${recipient}?subject=${encodeURIComponent(message.subject)}&body=${encodeURIComponent(body)}`
}
