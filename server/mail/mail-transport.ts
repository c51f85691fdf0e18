import type { Transporter } from 'nodemailer'
import type { Config } from '../config/config.schemas.ts'
import type { Logger } from '../logging/create-logger.ts'
import { PRODUCT_NAME } from './email-layout.ts'
import type { OutgoingEmail } from './outgoing-email.ts'

export interface MailTransport {
  /** Whether e-mails leave the server (SMTP_URL), or are only written to its log. */
  delivers: boolean
  /**
   * Sends one e-mail; `messageId` stays the same across retries, so a receiver that got an attempt the
   * server could not confirm can tell the second for the same message.
   */
  send(email: OutgoingEmail, messageId: string): Promise<void>
  close(): void
}

const SMTP_TIMEOUT_MS = 20_000

const isLoopback = (host: string) => ['localhost', '127.0.0.1', '[::1]', '::1'].includes(host)

/** The sender: MAIL_FROM, or no-reply at the PUBLIC_URL's host. */
function senderOf(config: Pick<Config, 'MAIL_FROM' | 'PUBLIC_URL'>) {
  if (config.MAIL_FROM) return config.MAIL_FROM
  const host = config.PUBLIC_URL ? new URL(config.PUBLIC_URL).hostname : 'localhost'
  return `${PRODUCT_NAME} <no-reply@${host}>`
}

/** SMTP through nodemailer with SMTP_URL; without it, each e-mail goes to the log at info level, links and all. */
export function createMailTransport(config: Config, logger: Logger): MailTransport {
  const from = senderOf(config)
  const domain = from.match(/@([^>\s]+)/)?.[1] ?? 'localhost'
  if (!config.SMTP_URL) {
    return {
      delivers: false,
      send: async (email) => {
        logger.info(
          { mail: { to: email.to, subject: email.subject, text: email.text } },
          'e-mail not sent (SMTP_URL is not set); its text, with its links, is here',
        )
      },
      close: () => {},
    }
  }
  // nodemailer is loaded with the first e-mail, not when the server starts.
  let transport: Promise<Transporter> | null = null
  const connected = () =>
    (transport ??= import('nodemailer').then(({ createTransport }) =>
      createTransport({
        url: config.SMTP_URL,
        // smtp:// upgrades with STARTTLS, and must: a server (or someone between) that does not offer it
        // would get the password and the links in the clear. Only a server on this machine may skip it.
        requireTLS: !isLoopback(new URL(config.SMTP_URL ?? '').hostname),
        connectionTimeout: SMTP_TIMEOUT_MS,
        greetingTimeout: SMTP_TIMEOUT_MS,
        socketTimeout: SMTP_TIMEOUT_MS,
      }),
    ))
  return {
    delivers: true,
    send: async (email, messageId) => {
      await (await connected()).sendMail({ from, ...email, messageId: `<${messageId}@${domain}>` })
    },
    close: () => void transport?.then((opened) => opened.close()),
  }
}
