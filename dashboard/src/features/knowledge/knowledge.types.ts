// Knowledge items as the API answers them: the server's own contract (server/knowledge/knowledge.schemas.ts).
export type {
  DocumentView as DocumentItem,
  JobView as KnowledgeJob,
  TextView as TextItem,
  WebsiteView as WebsiteItem,
} from '#server/knowledge/knowledge.schemas.ts'

/** The embed calls' objectType; the list paths use the plural. */
export type KnowledgeKind = 'document' | 'text' | 'website'
