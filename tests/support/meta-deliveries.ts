// Webhook deliveries as Meta sends them for the operator's app: a WhatsApp Business Account's message,
// and a Page's or Instagram account's messaging event (docs/api/channels.md).
import { createHmac } from 'node:crypto'

/** A person's text to a WhatsApp number (`timestamp` in seconds, as a string, as Meta sends it). */
export function whatsappDelivery({
  phoneNumberId,
  wamid,
  text = 'Hello',
  from = '201112223334',
  timestamp = Math.floor(Date.now() / 1000),
}: {
  phoneNumberId: string
  wamid: string
  text?: string
  from?: string
  timestamp?: number
}) {
  return {
    object: 'whatsapp_business_account',
    entry: [
      {
        id: '3000111122223',
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: '201001234567', phone_number_id: phoneNumberId },
              contacts: [{ profile: { name: 'Mona' }, wa_id: from }],
              messages: [{ from, id: wamid, timestamp: String(timestamp), type: 'text', text: { body: text } }],
            },
          },
        ],
      },
    ],
  }
}

/** A person's message to a Page (`page`) or an Instagram account (`instagram`): `timestamp` in milliseconds. */
export function messagingDelivery(
  object: 'page' | 'instagram',
  {
    recipient,
    mid,
    extra = {},
    timestamp = Date.now(),
  }: { recipient: string; mid: string; extra?: object; timestamp?: number },
) {
  return {
    object,
    entry: [
      {
        id: recipient,
        time: timestamp,
        messaging: [
          { sender: { id: '7001' }, recipient: { id: recipient }, timestamp, message: { mid, text: 'Hi', ...extra } },
        ],
      },
    ],
  }
}

/** The `X-Hub-Signature-256` header Meta sends with the body. */
export const metaSignature = (appSecret: string, body: string) =>
  `sha256=${createHmac('sha256', appSecret).update(body).digest('hex')}`
