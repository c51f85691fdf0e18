import { useEffect } from 'react'

/** Names the browser tab after the page, so history and assistive technology say where one is. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title ? `${title} · AgentDesk` : 'AgentDesk'
  }, [title])
}
