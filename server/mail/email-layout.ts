import type { EmailContent } from './outgoing-email.ts'

export const PRODUCT_NAME = 'AgentDesk'

export interface EmailBody {
  subject: string
  /** The opening line, e.g. "Set a new password". */
  heading: string
  paragraphs: string[]
  /** The one thing the e-mail asks: a button in HTML, the bare link in plain text. */
  action?: { label: string; url: string }
  /** Why the reader got this e-mail, and what to do if it was not them. */
  footnote: string
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`)

/** Every e-mail in one layout: a plain-text part and an HTML part saying the same, each link spelled out. */
export function layoutEmail({ subject, heading, paragraphs, action, footnote }: EmailBody): EmailContent {
  const text = [
    heading,
    '',
    ...paragraphs.flatMap((paragraph) => [paragraph, '']),
    ...(action ? [`${action.label}: ${action.url}`, ''] : []),
    '--',
    footnote,
    PRODUCT_NAME,
  ].join('\n')
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#303030;color:#ffffff;padding:10px 18px;border-radius:8px;text-decoration:none;display:inline-block">${escapeHtml(action.label)}</a></p>
<p style="color:#616161;font-size:13px">Or open this link: <a href="${escapeHtml(action.url)}" style="color:#005bd3;word-break:break-all">${escapeHtml(action.url)}</a></p>`
    : ''
  const html = `<!doctype html>
<html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;background:#f1f1f1;font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;color:#303030">
<div style="max-width:560px;margin:0 auto;padding:24px">
<p style="font-weight:600;font-size:15px;margin:0 0 16px">${PRODUCT_NAME}</p>
<div style="background:#ffffff;border-radius:12px;padding:24px">
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(heading)}</h1>
${paragraphs.map((paragraph) => `<p style="line-height:1.5">${escapeHtml(paragraph)}</p>`).join('\n')}
${button}
</div>
<p style="color:#616161;font-size:12px;line-height:1.5;margin-top:16px">${escapeHtml(footnote)}</p>
</div>
</body></html>`
  return { subject, text, html }
}
