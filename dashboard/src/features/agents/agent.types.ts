// The agent as the API answers it (docs/api/agents-and-knowledge.md).
export interface Agent {
  agent_id: string
  name: string
  description: string | null
  visibility: 'public' | 'private'
  avatar_url: string | null
  is_favorite: boolean
  is_archived: boolean
  is_active: boolean
  conversation_count: number
  no_of_conversations: number
  no_of_documents: number
  no_of_texts: number
  no_of_websites: number
  documents_summary?: { total_documents: number }
  teams: string[]
  no_of_team_members: number
  created_at: string
  updated_at: string
}

export interface Pagination {
  page: number
  page_size: number
  total_count: number
  total_pages: number
}

export interface AgentList {
  agents: Agent[]
  pagination: Pagination
}
