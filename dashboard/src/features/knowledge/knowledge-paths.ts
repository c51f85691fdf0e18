// Where the knowledge calls live (docs/api/agents-and-knowledge.md); lists use the plural, embeddings the singular.
import type { KnowledgeKind } from './knowledge.types.ts'

/** SPEC section 9: uploads, embedding and adding a website may take up to 10 minutes. */
export const KNOWLEDGE_TIMEOUT_MS = 10 * 60_000

const PLURAL: Record<KnowledgeKind, string> = { document: 'documents', text: 'texts', website: 'websites' }

export const agentPath = (agentId: string) => `/agents/${encodeURIComponent(agentId)}`

/** /agents/{agentId}/texts/{textId} (no trailing slash: callers add the operation). */
export const itemPath = (agentId: string, kind: KnowledgeKind, id: string) =>
  `${agentPath(agentId)}/${PLURAL[kind]}/${encodeURIComponent(id)}`

/** /agents/{agentId}/{objectType}/{objectId}: the embedding calls. */
export const embeddingPath = (agentId: string, kind: KnowledgeKind, id: string) =>
  `${agentPath(agentId)}/${kind}/${encodeURIComponent(id)}`
