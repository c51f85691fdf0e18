// The chat window, loaded on first open: header, conversation, composer, streamed answers.
import { answerRating } from './answer-rating.ts'
import { chatStyles } from './chat-styles.ts'
import { earlierChats } from './earlier-chats.ts'
import { keepLogEnd } from './keep-log-end.ts'
import { liveFeed } from './live-feed.ts'
import { renderText } from './render-text.ts'
import { storefrontCards } from './storefront-cards.ts'
import { readSaved, save } from './session-store.ts'
import { createWidgetApi, WidgetApiError, type LiveState, type VisitorMessage } from './widget-api.ts'
import { log, safeColor, safePosition, type ChatMountOptions } from './widget-config.ts'

// A paper clip drawn inline: an emoji shows as an empty box on systems without an emoji font.
const PAPER_CLIP =
  '<svg viewBox="0 0 24 24" aria-hidden="true"><path d="M16.5 6.5v10a4.5 4.5 0 0 1-9 0V5a3 3 0 0 1 6 0v10.5a1.5 1.5 0 0 1-3 0V6.5H9v9a3 3 0 0 0 6 0V5a4.5 4.5 0 0 0-9 0v11.5a6 6 0 0 0 12 0v-10z"/></svg>'

const RTL_LANGUAGES = /^(ar|he|fa|ur|ps|yi|dv|ku|sd|ug)\b/i

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  className?: string,
  text?: string,
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag)
  if (className) node.className = className
  if (text !== undefined) node.textContent = text
  return node
}

export function mountChat(options: ChatMountOptions): void {
  const { root, config, base, debug } = options
  let conversationId: string | null = null
  // A new session cannot reach the old one's conversation: the next message starts another.
  const api = createWidgetApi({
    base,
    clientKey: config.client_key,
    onNewSession: () => {
      conversationId = null
    },
    bootstrapUrl: options.bootstrapUrl,
    visitorToken: options.visitorToken,
    shopCustomer: options.shopCustomer,
  })
  const style = element('style')
  style.textContent = chatStyles(safeColor(config.widget_color), safePosition(config.widget_position))

  const panel = element('section', 'window')
  panel.setAttribute('role', 'dialog')
  panel.setAttribute('aria-label', `Chat with ${config.bot_name}`)
  panel.setAttribute('part', 'window')
  const language = document.documentElement.lang || navigator.language || ''
  panel.dir = document.documentElement.dir === 'rtl' || RTL_LANGUAGES.test(language) ? 'rtl' : 'ltr'

  const header = element('header', 'header')
  if (config.website_logo) {
    const logo = element('img')
    logo.src = new URL(config.website_logo, base).href
    logo.alt = ''
    header.append(logo)
  }
  const title = element('h2', 'title', config.bot_name)
  const person = element('button', 'person hidden', 'Talk to a person')
  person.type = 'button'
  const close = element('button', 'close', '×')
  close.type = 'button'
  close.setAttribute('aria-label', 'Close the chat')
  header.append(title, person, close)

  const messages = element('div', 'log')
  messages.setAttribute('role', 'log')
  messages.setAttribute('aria-live', 'polite')
  messages.setAttribute('aria-label', 'Conversation')

  const emailForm = element('form', 'form hidden')
  const email = element('input')
  email.type = 'email'
  email.required = true
  email.placeholder = 'Your e-mail address'
  email.setAttribute('aria-label', 'Your e-mail address')
  email.autocomplete = 'email'
  const emailButton = element('button', 'send', 'Start')
  emailButton.type = 'submit'
  emailForm.append(email, emailButton)

  // Offered when nobody from the team joined in time: the visitor leaves an e-mail instead.
  const contactForm = element('form', 'form contact hidden')
  const contactEmail = email.cloneNode() as HTMLInputElement
  const contactButton = element('button', 'send', 'Send')
  contactButton.type = 'submit'
  contactForm.append(contactEmail, contactButton)

  const composer = element('form', 'form')
  const input = element('textarea')
  input.rows = 1
  input.placeholder = `Message ${config.bot_name}...`
  input.setAttribute('aria-label', `Message ${config.bot_name}`)
  input.maxLength = 10_000
  const send = element('button', 'send', 'Send')
  send.type = 'submit'
  const picker = element('input')
  picker.type = 'file'
  picker.accept = 'image/png,image/jpeg,image/gif,image/webp,.pdf,.docx,.txt,.csv,.json'
  picker.className = 'hidden'
  const attach = element('button', 'attach')
  attach.innerHTML = PAPER_CLIP
  attach.type = 'button'
  attach.setAttribute('aria-label', 'Attach a file')
  const chip = element('button', 'chip hidden')
  chip.type = 'button'
  if (config.enable_attachments) composer.append(picker, attach)
  composer.append(input, send)

  panel.append(header, messages, emailForm, contactForm, chip, composer)
  if (config.show_branding) {
    const brand = element('div', 'brand')
    const credit = element('a', '', 'Powered by AgentDesk')
    credit.href = base
    credit.target = '_blank'
    credit.rel = 'noopener noreferrer'
    brand.append(credit)
    panel.append(brand)
  }
  root.append(style, panel)
  const stopKeepingEnd = keepLogEnd(messages)

  let chosen: File | null = null
  const choose = (file: File | null) => {
    chosen = file
    chip.textContent = file ? `${file.name} ×` : ''
    chip.setAttribute('aria-label', file ? `Remove the attachment ${file.name}` : '')
    chip.classList.toggle('hidden', !file)
  }
  attach.addEventListener('click', () => picker.click())
  picker.addEventListener('change', () => choose(picker.files?.[0] ?? null))
  chip.addEventListener('click', () => {
    picker.value = ''
    choose(null)
  })

  // Every message shown once, whichever way it came (its answer, the history, the live stream).
  const shown = new Set<string>()
  let lastId: string | undefined
  const show = (
    message: Pick<VisitorMessage, 'message_text' | 'sender_type' | 'sources'> & Partial<VisitorMessage>,
  ) => {
    const id = message.message_id
    if (id) {
      if (shown.has(id)) return element('div') // shown already: nothing to add
      shown.add(id)
      lastId = id
    }
    const kind = message.sender_type
    const bubble = element('div', kind === 'notice' ? 'notice' : `msg ${kind === 'person' ? 'ai' : kind}`)
    bubble.dir = 'auto'
    if (kind === 'person') bubble.append(element('b', 'who', message.sender_name ?? ''))
    bubble.append(renderText(message.message_text, kind === 'ai' ? message.sources : []))
    messages.append(bubble)
    messages.scrollTop = messages.scrollHeight
    return bubble
  }
  // On a storefront, an answer's products show as cards under it, each with Add to cart.
  const cards = storefrontCards(base, Boolean(options.bootstrapUrl))
  const say = (text: string, links: { label: string; href: string }[] = []) => {
    const notice = show({ message_text: text, sender_type: 'notice', sources: [] })
    for (const { label, href } of links) {
      const link = element('a', '', label)
      link.href = href
      link.target = '_top'
      notice.append(' ', link)
    }
  }
  // The agent's answers (not its greeting) can be rated.
  let greetingId: string | undefined
  const rated = (bubble: HTMLElement, message: VisitorMessage) => {
    if (message.sender_type !== 'ai' || message.message_id === greetingId || !conversationId) return
    const id = conversationId
    cards.under(bubble, message.products, {
      conversationId: id,
      report: (added) => api.addedToCart(id, added),
      say,
    })
    bubble.after(
      answerRating(
        message,
        (rating, comment) => api.rate(id, message.message_id, rating, comment),
        (error) => showFailure(error, 'Your rating could not be sent.'),
      ),
    )
  }
  const showError = (text: string) => {
    const notice = element('div', 'error', text)
    notice.setAttribute('role', 'alert')
    messages.append(notice)
    messages.scrollTop = messages.scrollHeight
  }

  // The assistant cannot answer now (its owner's plan): said calmly, in the bot's voice, not as an error.
  const showFailure = (error: unknown, fallback: string) => {
    if (error instanceof WidgetApiError && error.reason === 'assistant_paused')
      show({ message_text: error.message, sender_type: 'ai', sources: [] })
    else showError(error instanceof WidgetApiError ? error.message : fallback)
  }

  let busy = false
  const needsEmail = () => config.collect_user_email && !conversationId
  const layout = () => {
    emailForm.classList.toggle('hidden', !needsEmail())
    composer.classList.toggle('hidden', needsEmail())
    ;(needsEmail() ? email : input).focus()
  }

  // A team member in the chat answers instead of the bot; a person asked for is waited for, then an e-mail offered.
  let personName: string | null = null
  let waiting: ReturnType<typeof setTimeout> | undefined
  let replyTime = ''
  const offerContact = () => {
    show({
      message_text: `Nobody from the team is free right now. Leave your e-mail and we will answer ${replyTime}.`,
      sender_type: 'notice',
      sources: [],
    })
    contactForm.classList.remove('hidden')
    // The notice explains the bar: it shows above it, wherever the reader had scrolled.
    messages.scrollTop = messages.scrollHeight
    contactEmail.focus()
  }
  const follow = (state: LiveState) => {
    personName = state.person_name
    replyTime = state.reply_time
    person.classList.toggle('hidden', !config.human_handoff || Boolean(personName) || state.wait_seconds_left !== null)
    title.textContent = personName ? `${personName} · ${config.bot_name}` : config.bot_name
    input.placeholder = `Message ${personName ?? config.bot_name}...`
    clearTimeout(waiting)
    if (personName) contactForm.classList.add('hidden')
    else if (state.wait_seconds_left !== null) waiting = setTimeout(offerContact, state.wait_seconds_left * 1000)
  }
  let stop = new AbortController()
  const listen = liveFeed({
    api,
    conversation: () => conversationId,
    lastMessage: () => lastId,
    signal: () => stop.signal,
    onState: follow,
    onMessage: (message) => void show(message),
    debug,
  })

  // A visitor the site vouched for picks up their chats from any device: the latest, and a list of the others.
  const open = async (id: string) => {
    const history = await api.history(id)
    conversationId = id
    save(config.client_key, { conversation_id: id })
    messages.replaceChildren()
    shown.clear()
    greetingId = history.data[0]?.message_id
    for (const message of history.data) rated(show(message), message)
    if (history.state) follow(history.state)
    void listen()
  }
  const past = earlierChats(header, api, (id) => {
    stop.abort()
    stop = new AbortController()
    open(id).catch((error: unknown) => showFailure(error, 'Please try again.'))
  })
  const listPast = () => past.refresh(conversationId)

  const ready = (async () => {
    const resumed = await api.connect()
    let saved = resumed ? readSaved(config.client_key).conversation_id : undefined
    if (api.identified()) saved ??= (await listPast().catch(() => []))[0]?.conversation_id
    if (saved) {
      try {
        await open(saved)
        if (api.identified()) void listPast().catch(() => {})
      } catch (error) {
        log(debug, 'the saved conversation could not be loaded', error)
      }
    }
    layout()
  })()
  show({ message_text: config.start_message, sender_type: 'ai', sources: [] })
  person.classList.toggle('hidden', !config.human_handoff)
  layout()

  const startConversation = async (visitorEmail?: string) => {
    await ready
    const created = await api.createConversation(visitorEmail)
    conversationId = created.conversation_id
    if (created.ai_message) {
      shown.add(created.ai_message.message_id)
      lastId = created.ai_message.message_id
      greetingId = lastId
    }
    layout()
    void listen()
  }

  person.addEventListener('click', () => {
    void (async () => {
      await ready
      if (!conversationId) await startConversation()
      const asked = await api.askForPerson(conversationId as string)
      if (asked.notice) show(asked.notice)
      follow(asked.state)
    })().catch((error: unknown) => showFailure(error, 'Please try again.'))
  })

  contactForm.addEventListener('submit', (event) => {
    event.preventDefault()
    if (!contactEmail.checkValidity()) return contactEmail.reportValidity()
    const address = contactEmail.value.trim()
    api
      .leaveContact(conversationId as string, address)
      .then(() => {
        contactForm.classList.add('hidden')
        show({
          message_text: `Thank you. We will answer ${replyTime} at ${address}.`,
          sender_type: 'notice',
          sources: [],
        })
      })
      .catch((error: unknown) => showFailure(error, 'Please try again.'))
  })

  emailForm.addEventListener('submit', (event) => {
    event.preventDefault()
    if (!email.checkValidity()) return email.reportValidity()
    startConversation(email.value.trim()).catch((error: unknown) => showFailure(error, 'Please try again.'))
  })

  const submit = async () => {
    const file = chosen
    const text = input.value.trim() || (file ? `Attached: ${file.name}` : '')
    if (!text || busy) return
    busy = true
    send.disabled = true
    const typing = element('div', 'typing', `${config.bot_name} is typing…`)
    try {
      await ready
      if (!conversationId) await startConversation()
      input.value = ''
      picker.value = ''
      choose(null)
      show({
        message_text: file && text !== `Attached: ${file.name}` ? `${text}\nAttached: ${file.name}` : text,
        sender_type: 'user',
        sources: [],
      })
      // A team member in the chat answers live: the bot is not typing.
      if (!personName) messages.append(typing)
      let bubble: HTMLElement | null = null
      let streamed = ''
      const answer = await api.send(
        conversationId as string,
        text,
        (piece) => {
          streamed += piece
          if (!bubble) {
            typing.remove()
            bubble = show({ message_text: '', sender_type: 'ai', sources: [] })
          }
          bubble.textContent = streamed
          messages.scrollTop = messages.scrollHeight
        },
        file ?? undefined,
      )
      typing.remove()
      if (answer && answer.sender_type !== 'ai') show(answer)
      else if (answer) {
        if (!bubble) bubble = show({ message_text: '', sender_type: 'ai', sources: [] })
        ;(bubble as HTMLElement).replaceChildren(renderText(answer.message_text, answer.sources))
        shown.add(answer.message_id)
        lastId = answer.message_id
        rated(bubble as HTMLElement, answer)
      } else {
        // No answer: a team member joined while it was being written, so what it had shown is not sent.
        ;(bubble as HTMLElement | null)?.remove()
      }
    } catch (error) {
      typing.remove()
      if (!input.value) input.value = text
      showFailure(error, 'The message could not be sent. Please try again.')
      log(debug, error)
    } finally {
      busy = false
      send.disabled = false
      input.focus()
    }
  }

  composer.addEventListener('submit', (event) => {
    event.preventDefault()
    void submit()
  })
  input.addEventListener('keydown', (event) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.isComposing) {
      event.preventDefault()
      void submit()
    }
  })
  const shut = () => {
    stop.abort()
    clearTimeout(waiting)
    stopKeepingEnd()
    panel.remove()
    style.remove()
    options.close()
  }
  close.addEventListener('click', shut)
  panel.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') shut()
  })
}
