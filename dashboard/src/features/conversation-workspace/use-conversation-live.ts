// A visitor's conversation followed live (GET .../live/, Server-Sent Events): each change (a message, a
// person joining or leaving) refreshes the thread and the list, and tells whether the signed-in user is
// the one in the chat. The connection is opened again after a drop or when the server ends it.
import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { useApi } from '../../api/api-context.tsx'
import { readServerEvents } from '../../api/read-server-events.ts'
import type { Conversation } from '../conversations/conversation.types.ts'
import { CONVERSATIONS_KEY } from '../conversations/conversations.queries.ts'

const FIRST_PAUSE_MS = 1_000
const LONGEST_PAUSE_MS = 30_000

export interface ConversationLive {
  /** The conversation as the latest change left it (the list's copy until the first change arrives). */
  conversation: Conversation
  /** The signed-in user is the team member in the chat: they write to the visitor. */
  holding: boolean
  /** Set from a takeover or release answer, before the stream says so. */
  setLive(conversation: Conversation, holding: boolean): void
}

export function useConversationLive(listed: Conversation): ConversationLive {
  const client = useApi()
  const queryClient = useQueryClient()
  const [live, setLiveState] = useState<{ conversation: Conversation; holding: boolean } | null>(null)
  const followed = (listed.channel ?? 'dashboard') !== 'dashboard'
  const { agent_id: agentId, id } = listed

  useEffect(() => {
    if (!followed) return
    const stop = new AbortController()
    const path = `/conversations/${encodeURIComponent(agentId)}/${encodeURIComponent(id)}/live/`
    void (async () => {
      for (let pause = FIRST_PAUSE_MS; !stop.signal.aborted; pause = Math.min(pause * 2, LONGEST_PAUSE_MS)) {
        try {
          const response = await client.openStream(path, undefined, stop.signal)
          await readServerEvents(response, (event, data) => {
            if (event !== 'changed') return undefined
            pause = FIRST_PAUSE_MS
            setLiveState({ conversation: data.conversation as Conversation, holding: data.holding === true })
            void queryClient.invalidateQueries({ queryKey: [...CONVERSATIONS_KEY, 'messages', id] })
            void queryClient.invalidateQueries({ queryKey: [...CONVERSATIONS_KEY, 'list'] })
            return undefined
          })
        } catch {
          // dropped or refused: tried again after a pause
        }
        await new Promise((resolve) => setTimeout(resolve, pause))
      }
    })()
    return () => stop.abort()
  }, [client, queryClient, followed, agentId, id])

  return {
    conversation: live?.conversation.id === listed.id ? live.conversation : listed,
    holding: live?.conversation.id === listed.id ? live.holding : false,
    setLive: (conversation, holding) => setLiveState({ conversation, holding }),
  }
}
