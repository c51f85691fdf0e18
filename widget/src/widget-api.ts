import type { ProductCard } from './product-cards.ts'
import { readSaved, save } from './session-store.ts'

export interface Source {
  number: number
  title: string | null
  url: string | null
}

export interface VisitorMessage {
  message_id: string
  message_text: string
  sender_type: 'user' | 'ai' | 'person' | 'notice'
  sender_name?: string | null
  sources: Source[]
  attachments?: { name: string }[]
  /** An answer: the visitor's own rating. */
  feedback?: 'up' | 'down' | null
  /** A storefront answer: the products it drew on, as cards. */
  products?: ProductCard[]
}

/** Where the chat stands: a team member in it, or a person asked for and how long the widget still waits. */
export interface LiveState {
  person_name: string | null
  wait_seconds_left: number | null
  reply_time: string
}

/** Reads Server-Sent Events from a response, calling onEvent with each event's name and data until it ends. */
async function readEvents(response: Response, onEvent: (event: string, data: never) => unknown): Promise<unknown> {
  const reader = (response.body as ReadableStream<Uint8Array>).getReader()
  const decoder = new TextDecoder()
  let buffer = ''
  for (;;) {
    const { value, done } = await reader.read()
    if (done) return
    buffer += decoder.decode(value, { stream: true })
    let boundary = buffer.indexOf('\n\n')
    while (boundary >= 0) {
      const block = buffer.slice(0, boundary)
      buffer = buffer.slice(boundary + 2)
      boundary = buffer.indexOf('\n\n')
      const event = /^event: (.+)$/m.exec(block)?.[1]
      const data = /^data: (.*)$/m.exec(block)?.[1]
      if (!event || data === undefined) continue
      const result = onEvent(event, JSON.parse(data) as never)
      if (result !== undefined) {
        void reader.cancel()
        return result
      }
    }
  }
}

interface Tokens {
  token: string
  refresh_token: string
}

export class WidgetApiError extends Error {
  readonly status: number
  readonly reason: string | undefined
  constructor(status: number, message: string, reason?: string) {
    super(message)
    this.status = status
    this.reason = reason
  }
}

export interface WidgetApiOptions {
  base: string
  clientKey: string
  /** Tells the window its conversation is gone (a new session started). */
  onNewSession(): void
  /** On a Shopify storefront: the app proxy's signed bootstrap path. */
  bootstrapUrl?: string | undefined
  /** The site's signed token for its signed-in user (identity verification). */
  visitorToken?: string | undefined
  /** On a storefront: the customer the theme says is signed in ('' for a guest). Only picks the saved session. */
  shopCustomer?: string | undefined
}

/** Whom a visitor token names (its sub), read without checking it: the server checks it. '' for none. */
function whoIs(visitorToken: string | undefined): string {
  try {
    if (!visitorToken) return ''
    // The payload is base64url of UTF-8: back to base64, then bytes, then text.
    const part = (visitorToken.split('.')[1] ?? '').replace(/-/g, '+').replace(/_/g, '/')
    const bytes = Uint8Array.from(atob(part), (char) => char.charCodeAt(0))
    return String((JSON.parse(new TextDecoder().decode(bytes)) as { sub?: unknown }).sub ?? '')
  } catch {
    return ''
  }
}

/**
 * The public widget API for one visitor: tokens renewed as needed, the session kept across page loads
 * and shared by the site's tabs. A saved session of another signed-in user (or of an anonymous visitor,
 * once the page names a user) is not resumed: a new one starts.
 */
export function createWidgetApi({
  base,
  clientKey,
  onNewSession,
  bootstrapUrl,
  visitorToken,
  shopCustomer,
}: WidgetApiOptions) {
  let token: string | null = null
  // On a storefront the session carries the customer Shopify signed for: one signed out, or another signed
  // in, on this browser must not resume it (their orders would show), so a new session is bootstrapped.
  let who = bootstrapUrl ? `shopify-customer:${shopCustomer ?? ''}` : whoIs(visitorToken)

  async function call(path: string, init: RequestInit = {}): Promise<Response> {
    // A FormData body sets its own multipart Content-Type (with the boundary).
    const type: Record<string, string> = init.body instanceof FormData ? {} : { 'Content-Type': 'application/json' }
    const response = await fetch(`${base}/api${path}`, {
      ...init,
      credentials: 'omit',
      headers: {
        ...type,
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
        ...(init.headers as Record<string, string> | undefined),
      },
    })
    if (!response.ok) {
      const body = (await response.json().catch(() => ({}))) as { message?: string; reason?: string }
      throw new WidgetApiError(
        response.status,
        body.message ?? `Request failed with status ${response.status}`,
        body.reason,
      )
    }
    return response
  }

  const keep = (tokens: Tokens) => {
    token = tokens.token
    save(clientKey, { refresh_token: tokens.refresh_token })
  }

  async function startSession(): Promise<void> {
    save(clientKey, { conversation_id: undefined })
    if (bootstrapUrl) {
      // The storefront's app proxy signs the request for the shop (and the signed-in customer).
      const response = await fetch(bootstrapUrl, {
        credentials: 'same-origin',
        headers: { Accept: 'application/json' },
      })
      if (!response.ok) throw new WidgetApiError(response.status, `Request failed with status ${response.status}`)
      keep((await response.json()) as Tokens)
    } else {
      const start = (visitor_token?: string) =>
        call('/conversations/api/start-chat-widget/', {
          method: 'POST',
          body: JSON.stringify({ client_key: clientKey, visitor_token }),
        })
      let started: Response
      try {
        started = await start(who ? visitorToken : undefined)
      } catch (error) {
        if (!(error instanceof WidgetApiError) || error.reason !== 'visitor_token_invalid') throw error
        // Never trusted: the visitor chats anonymously, and the site's developer reads why.
        console.error(`[agentdesk] ${error.message} The chat continues without the visitor's identity.`)
        who = ''
        started = await start()
      }
      keep((await started.json()) as Tokens)
    }
    save(clientKey, { who })
    onNewSession()
  }

  const refresh = async (refreshToken: string) =>
    keep(
      (await (
        await call('/conversations/api/tokens/refresh/', {
          method: 'POST',
          body: JSON.stringify({ refresh_token: refreshToken }),
        })
      ).json()) as Tokens,
    )

  /** A valid token: the saved session renewed, or a new one. True when the session is the saved one. */
  async function connect(): Promise<boolean> {
    const saved = readSaved(clientKey)
    const sent = (saved.who ?? '') === who ? saved.refresh_token : undefined
    if (sent) {
      try {
        await refresh(sent)
        return true
      } catch (error) {
        // Another tab renewed the shared session a moment ago: use the token it saved.
        if (error instanceof WidgetApiError && error.reason === 'token_rotated') {
          await new Promise((resolve) => setTimeout(resolve, 300))
          const newer = readSaved(clientKey).refresh_token
          if (newer && newer !== sent) {
            try {
              await refresh(newer)
              return true
            } catch {
              // fall through to a new session
            }
          }
        }
      }
    }
    await startSession()
    return false
  }

  /** Calls with the token, renewing it once if it expired meanwhile. */
  async function authorised(path: string, init: RequestInit = {}): Promise<Response> {
    try {
      return await call(path, init)
    } catch (error) {
      if (!(error instanceof WidgetApiError) || error.status !== 401) throw error
      await connect()
      return call(path, init)
    }
  }

  return {
    connect,
    /** Whether the site vouched for this visitor (their chats follow them to any device). */
    identified: () => who !== '',
    async conversations(): Promise<{ conversation_id: string; last_message: string; last_message_at: string }[]> {
      return (
        (await (await authorised('/conversations/api/conversations/')).json()) as {
          conversations: { conversation_id: string; last_message: string; last_message_at: string }[]
        }
      ).conversations
    },
    async history(conversationId: string): Promise<{ data: VisitorMessage[]; state?: LiveState }> {
      return (await (await authorised(`/conversations/api/chat/${conversationId}/`)).json()) as {
        data: VisitorMessage[]
        state?: LiveState
      }
    },
    /** Follows the chat live (a team member's words, notices, its state) until the stream ends or is aborted. */
    async follow(
      conversationId: string,
      after: string | undefined,
      onEvent: (event: string, data: never) => void,
      signal: AbortSignal,
    ): Promise<void> {
      const query = after ? `?after=${after}` : ''
      const response = await authorised(`/conversations/api/chat/${conversationId}/live/${query}`, {
        headers: { Accept: 'text/event-stream' },
        signal,
      })
      await readEvents(response, (event, data) => void onEvent(event, data))
    },
    async askForPerson(conversationId: string): Promise<{ notice: VisitorMessage | null; state: LiveState }> {
      return (await (
        await authorised(`/conversations/api/chat/${conversationId}/person/`, { method: 'POST', body: '{}' })
      ).json()) as { notice: VisitorMessage | null; state: LiveState }
    },
    async rate(conversationId: string, messageId: string, rating: 'up' | 'down', comment?: string): Promise<void> {
      await authorised(`/conversations/api/chat/${conversationId}/feedback/`, {
        method: 'POST',
        body: JSON.stringify({ message_id: messageId, rating, ...(comment ? { comment } : {}) }),
      })
    },
    async addedToCart(
      conversationId: string,
      added: { product_id: string; variant_id: string; quantity: number },
    ): Promise<void> {
      await authorised(`/conversations/api/chat/${conversationId}/cart/`, {
        method: 'POST',
        body: JSON.stringify(added),
      })
    },
    async leaveContact(conversationId: string, email: string): Promise<void> {
      await authorised(`/conversations/api/chat/${conversationId}/contact/`, {
        method: 'POST',
        body: JSON.stringify({ visitor_email: email, page_url: location.origin + location.pathname }),
      })
    },
    async createConversation(email?: string): Promise<{ conversation_id: string; ai_message: VisitorMessage | null }> {
      const created = (await (
        await authorised('/conversations/api/create/', {
          method: 'POST',
          // A lead keeps the page it came from, without its query or fragment (they may carry tokens).
          body: JSON.stringify(email ? { visitor_email: email, page_url: location.origin + location.pathname } : {}),
        })
      ).json()) as { conversation_id: string; ai_message: VisitorMessage | null }
      save(clientKey, { conversation_id: created.conversation_id })
      return created
    },
    /**
     * Sends a message and reads the answer as it streams: onToken for each piece, then the saved answer
     * (null while a team member holds the chat: they answer live).
     */
    async send(
      conversationId: string,
      text: string,
      onToken: (piece: string) => void,
      file?: File,
    ): Promise<VisitorMessage | null> {
      let body: BodyInit = JSON.stringify({ message_text: text })
      if (file) {
        const form = new FormData()
        form.append('message_text', text)
        form.append('attachment', file, file.name)
        body = form
      }
      const response = await authorised(`/conversations/api/chat/${conversationId}/`, {
        method: 'POST',
        headers: { Accept: 'text/event-stream' },
        body,
      })
      const result = await readEvents(
        response,
        (event, parsed: { text?: string; ai_message?: VisitorMessage | null; message?: string; reason?: string }) => {
          if (event === 'token') onToken(parsed.text ?? '')
          if (event === 'done') return { answer: parsed.ai_message ?? null }
          if (event === 'error') return { error: parsed }
        },
      )
      const outcome = result as
        { answer?: VisitorMessage | null; error?: { message?: string; reason?: string } } | undefined
      if (outcome?.error)
        throw new WidgetApiError(502, outcome.error.message ?? 'Failed to send message', outcome.error.reason)
      if (outcome) return outcome.answer ?? null
      throw new WidgetApiError(502, 'The answer was interrupted.')
    },
  }
}

/** The widget API a chat window talks through (createWidgetApi). */
export type WidgetApi = ReturnType<typeof createWidgetApi>
