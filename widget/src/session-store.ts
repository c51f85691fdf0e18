import { storageKey } from './widget-config.ts'

/** What survives a page load: the visitor's refresh token and conversation (localStorage). */
export interface SavedSession {
  refresh_token?: string
  conversation_id?: string
  open?: boolean
  /** The signed-in user the session belongs to (the visitor token's sub), '' for an anonymous visitor. */
  who?: string
}

export function readSaved(clientKey: string): SavedSession {
  try {
    return JSON.parse(localStorage.getItem(storageKey(clientKey)) ?? '{}') as SavedSession
  } catch {
    return {}
  }
}

export function save(clientKey: string, change: SavedSession): void {
  try {
    localStorage.setItem(storageKey(clientKey), JSON.stringify({ ...readSaved(clientKey), ...change }))
  } catch {
    // blocked storage: the conversation lasts as long as the page
  }
}
