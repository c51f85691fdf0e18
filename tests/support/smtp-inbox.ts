// A real SMTP server on 127.0.0.1 (the smtp-server package) that keeps what it receives, each message read
// back with mailparser: the product's e-mails as a mailbox would get them. It can be stopped and started
// again on the same port, to play an SMTP server that is down for a while.
import type { AddressInfo } from 'node:net'
import { simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'

export interface ReceivedEmail {
  to: string[]
  from: string
  subject: string
  text: string
  html: string
  messageId: string
}

export async function startSmtpInbox() {
  const received: ReceivedEmail[] = []
  const listen = (port: number) =>
    new Promise<SMTPServer>((resolve, reject) => {
      const server = new SMTPServer({
        authOptional: true,
        disabledCommands: ['STARTTLS'],
        logger: false,
        onData(stream, session, done) {
          simpleParser(stream)
            .then((mail) => {
              received.push({
                to: session.envelope.rcptTo.map((recipient) => recipient.address),
                from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
                subject: mail.subject ?? '',
                text: mail.text ?? '',
                html: typeof mail.html === 'string' ? mail.html : '',
                messageId: mail.messageId ?? '',
              })
              done()
            })
            .catch(done)
        },
      })
      server.on('error', reject)
      server.listen(port, '127.0.0.1', () => resolve(server))
    })
  let server: SMTPServer | null = await listen(0)
  const port = (server.server.address() as AddressInfo).port
  const stop = () =>
    new Promise<void>((resolve) => {
      const running = server
      server = null
      if (running) running.close(() => resolve())
      else resolve()
    })
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** The messages sent to `address` so far; only those whose subject mentions `about`, when given. */
    to: (address: string, about?: string) =>
      received.filter(
        (email) => email.to.includes(address) && (about === undefined || email.subject.toLowerCase().includes(about)),
      ),
    /** Stops answering (connections are refused) until start(). */
    stop,
    start: async () => {
      server ??= await listen(port)
    },
    close: stop,
  }
}

export type SmtpInbox = Awaited<ReturnType<typeof startSmtpInbox>>

/** The first link in the text to the dashboard page at `path`. */
export function linkIn(email: Pick<ReceivedEmail, 'text'>, path: string) {
  const link = email.text.match(new RegExp(`https?://\\S+${path.replace(/[/?]/g, '\\$&')}\\?token=[A-Za-z0-9_-]+`))?.[0]
  if (!link) throw new Error(`no ${path} link in: ${email.text}`)
  return new URL(link)
}
