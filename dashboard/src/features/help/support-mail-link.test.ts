import { describe, expect, it } from 'vitest'
import { supportMailLink } from './support-mail-link.ts'
import { SUPPORT_MESSAGE_MESSAGES, SupportMessageSchema } from './support-message.schemas.ts'

describe('the support message', () => {
  it('becomes a mailto: link whose subject and body survive characters that mean something in a URL', () => {
    const link = supportMailLink('support@agentdesk.example', {
      name: 'Ana & Co',
      email: 'ana@shop.example',
      subject: 'Refund? 50% & more',
      message: 'Line one\nLine #2',
    })
    const url = new URL(link)
    expect(url.protocol).toBe('mailto:')
    expect(url.pathname).toBe('support@agentdesk.example')
    expect(url.searchParams.get('subject')).toBe('Refund? 50% & more')
    expect(url.searchParams.get('body')).toBe('Line one\nLine #2\n\n--\nAna & Co\nana@shop.example')
  })

  it('is refused field by field when blank or when the e-mail does not look like one', () => {
    const result = SupportMessageSchema.safeParse({ name: ' ', email: 'nope', subject: '', message: '\n' })
    expect(result.success).toBe(false)
    const messages = Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path[0], issue.message]))
    expect(messages).toEqual({
      name: SUPPORT_MESSAGE_MESSAGES.name,
      email: SUPPORT_MESSAGE_MESSAGES.email,
      subject: SUPPORT_MESSAGE_MESSAGES.subject,
      message: SUPPORT_MESSAGE_MESSAGES.message,
    })
  })

  it('is trimmed when valid', () => {
    expect(
      SupportMessageSchema.parse({ name: ' Ana ', email: ' ana@shop.example ', subject: ' Hi ', message: ' Help ' }),
    ).toEqual({ name: 'Ana', email: 'ana@shop.example', subject: 'Hi', message: 'Help' })
  })
})
