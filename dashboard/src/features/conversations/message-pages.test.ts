import { describe, expect, it } from 'vitest'
import { pendingMessage, type Message } from './conversation.types.ts'
import { messagesInOrder, withLatestMessages, type MessagePages } from './conversations.queries.ts'

const message = (id: string): Message => ({ ...pendingMessage('c', id), message_id: id, pending: undefined })
const page = (number: number, ids: string[]) => ({
  data: ids.map(message),
  total: 5,
  page: number,
  limit: 30,
  total_pages: 2,
})

describe('pages of messages', () => {
  it('shows earlier pages above the latest one, each oldest first', () => {
    const pages: MessagePages = { pages: [page(1, ['m4', 'm5']), page(2, ['m1', 'm2', 'm3'])], pageParams: [1, 2] }
    expect(messagesInOrder(pages).map((item) => item.message_id)).toEqual(['m1', 'm2', 'm3', 'm4', 'm5'])
  })

  it('adds new messages to the latest page, replacing ones with the same id', () => {
    const pages: MessagePages = { pages: [page(1, ['m4', 'm5']), page(2, ['m1'])], pageParams: [1, 2] }
    const next = withLatestMessages(pages, [message('m5'), message('m6')])
    expect(messagesInOrder(next).map((item) => item.message_id)).toEqual(['m1', 'm4', 'm5', 'm6'])
    expect(next.pageParams).toEqual([1, 2])
    expect(messagesInOrder(withLatestMessages(undefined, [message('first')])).map((item) => item.message_id)).toEqual([
      'first',
    ])
  })
})
