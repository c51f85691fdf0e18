// What an empty knowledge tab says to do next: add the first item, and then whether the agent learns it by
// itself (it trains automatically, as new agents do) or waits for Embed on its row.
type KnowledgeKind = 'document' | 'text' | 'website'

const FIRST_STEP: Record<KnowledgeKind, { title: string; add: string; action: string }> = {
  document: {
    title: 'No documents yet',
    add: 'Upload a PDF, Word, text, CSV or JSON file.',
    action: 'Upload a document',
  },
  text: {
    title: 'No texts yet',
    add: 'Add a text above: a policy, an FAQ answer or product notes.',
    action: 'Add a text',
  },
  website: {
    title: 'No websites yet',
    add: 'Add a page by its address above; turn on Crawl the whole site to read the pages it links to as well.',
    action: 'Add a page',
  },
}

const READY: Record<KnowledgeKind, string> = { document: 'read', text: 'saved', website: 'crawled' }

export interface EmptyKnowledgeOptions {
  kind: KnowledgeKind
  trainsAutomatically: boolean
  /** Whether the caller may add items: a member or viewer is told who can, and gets no button. */
  canEdit: boolean
}

export function emptyKnowledge({ kind, trainsAutomatically, canEdit }: EmptyKnowledgeOptions) {
  const { title, add, action } = FIRST_STEP[kind]
  if (!canEdit)
    return { title, message: `The agent's owner or a team admin adds its ${kind}s.`, actionLabel: undefined }
  const next = trainsAutomatically
    ? 'The agent learns it by itself and answers from it: there is nothing else to do.'
    : `Once it is ${READY[kind]}, choose Embed on its row (or Embed all) and the agent answers from it.`
  return { title, message: `${add} ${next}`, actionLabel: action }
}
