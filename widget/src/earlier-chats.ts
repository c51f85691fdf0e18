// A visitor the site vouched for (a signed visitor token) picks up their chats from any device: a list of
// their earlier chats under the header, shown when there is more than one.
import type { WidgetApi } from './widget-api.ts'

export interface EarlierChats {
  /** Reads the visitor's chats again and redraws the list, the current one chosen; newest first. */
  refresh(current: string | null): ReturnType<WidgetApi['conversations']>
}

export function earlierChats(header: HTMLElement, api: WidgetApi, onChoose: (id: string) => void): EarlierChats {
  const past = document.createElement('select')
  past.className = 'past hidden'
  past.setAttribute('aria-label', 'Earlier chats')
  header.after(past)
  past.addEventListener('change', () => onChoose(past.value))
  return {
    async refresh(current) {
      const chats = await api.conversations()
      past.replaceChildren(
        ...chats.map((chat) => {
          const option = document.createElement('option')
          option.textContent = `${new Date(chat.last_message_at).toLocaleDateString()} · ${chat.last_message.slice(0, 40)}`
          option.value = chat.conversation_id
          option.selected = chat.conversation_id === current
          return option
        }),
      )
      past.classList.toggle('hidden', chats.length < 2)
      return chats
    },
  }
}
