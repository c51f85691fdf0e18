// Thumbs up or down under one of the agent's answers, with an optional reason on a thumbs-down. A second
// click changes the rating; the server keeps one per answer and visitor.
import type { VisitorMessage } from './widget-api.ts'

const THUMB =
  '<svg viewBox="0 0 24 24" aria-hidden="true"><path d="M2 21h4V9H2v12zm20-11a2 2 0 0 0-2-2h-6.3l1-4.6v-.3c0-.4-.2-.8-.4-1.1L13.2 1 6.6 7.6C6.2 8 6 8.5 6 9v10a2 2 0 0 0 2 2h9c.8 0 1.5-.5 1.8-1.2l3-7.1.2-.7v-2z"/></svg>'

type Rate = (rating: 'up' | 'down', comment?: string) => Promise<unknown>

function button(label: string, className: string): HTMLButtonElement {
  const node = document.createElement('button')
  node.type = 'button'
  node.className = className
  node.innerHTML = THUMB
  node.setAttribute('aria-label', label)
  return node
}

/** The rating row of an answer, showing the visitor's earlier rating; rate() sends one. */
export function answerRating(message: Pick<VisitorMessage, 'feedback'>, rate: Rate, onError: (error: unknown) => void) {
  const row = document.createElement('div')
  row.className = 'rate'
  const up = button('Helpful answer', 'thumb')
  const down = button('Unhelpful answer', 'thumb down')
  const show = (rating: string | null | undefined) => {
    up.setAttribute('aria-pressed', String(rating === 'up'))
    down.setAttribute('aria-pressed', String(rating === 'down'))
  }
  const why = document.createElement('form')
  why.className = 'why hidden'
  const reason = document.createElement('input')
  reason.maxLength = 1000
  reason.placeholder = 'What was missing? (optional)'
  reason.setAttribute('aria-label', 'What was missing? (optional)')
  const send = document.createElement('button')
  send.className = 'send'
  send.textContent = 'Send'
  why.append(reason, send)
  const choose = (rating: 'up' | 'down', comment?: string) => {
    show(rating)
    why.classList.toggle('hidden', rating === 'up' || comment !== undefined)
    rate(rating, comment).catch(onError)
  }
  up.addEventListener('click', () => choose('up'))
  down.addEventListener('click', () => choose('down'))
  why.addEventListener('submit', (event) => {
    event.preventDefault()
    choose('down', reason.value.trim())
  })
  show(message.feedback)
  row.append(up, down, why)
  return row
}
