// The three item shapes brought to one row shape, so one list, one status cell and one set of actions
// serve documents, texts and websites. States follow SPEC section 4 (Knowledge item) and the API docs.
import type { BadgeProps } from '@shopify/polaris'
import type { DocumentItem, KnowledgeJob, KnowledgeKind, TextItem, WebsiteItem } from './knowledge.types.ts'

type Tone = BadgeProps['tone']

export interface KnowledgeRow {
  id: string
  kind: KnowledgeKind
  name: string
  /** The date column: when it was added, or for a website when it was last crawled (null: never). */
  date: string | null
  embedded: boolean
  job: KnowledgeJob | null
  statusLabel: string
  statusTone: Tone
  /** Why it failed, shown under the badges. */
  failure: string | null
  /** Whether Embed can act now: not embedded, and read (a document) or crawled (a website). */
  canEmbed: boolean
  /** What Retry does for a failed item: embed again or crawl again; null when nothing can be retried. */
  retry: 'embed' | 'crawl' | null
}

const EMBED_JOB = 'embed-item'

const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1)

function presented(status: string | undefined, words: Record<string, [string, Tone]>): [string, Tone] {
  return words[status ?? 'pending'] ?? [capitalised(status ?? 'pending'), undefined]
}

/** A failed embedding leaves the item as it was; its job says why. */
function embedFailure(job: KnowledgeJob | null | undefined) {
  return job?.kind === EMBED_JOB && job.status === 'failed' ? (job.error ?? 'Embedding failed.') : null
}

export function documentRow(item: DocumentItem): KnowledgeRow {
  const [statusLabel, statusTone] = presented(item.status, {
    pending: ['Pending', 'attention'],
    processing: ['Reading', 'info'],
    ready: ['Ready', 'success'],
    failed: ['Failed', 'critical'],
  })
  const readFailure = item.status === 'failed' ? (item.status_error ?? 'The document could not be read.') : null
  const embedError = item.embedded ? null : embedFailure(item.job)
  return {
    id: item.document_id,
    kind: 'document',
    name: item.document_name,
    date: item.created_at,
    embedded: item.embedded,
    job: item.job ?? null,
    statusLabel,
    statusTone,
    failure: readFailure ?? embedError,
    canEmbed: !item.embedded && item.status === 'ready',
    // A file that cannot be read will not read better a second time: only a failed embedding is retried.
    retry: !readFailure && embedError ? 'embed' : null,
  }
}

export function textRow(item: TextItem): KnowledgeRow {
  const [statusLabel, statusTone] = presented(item.status, {
    pending: ['Pending', 'attention'],
    processing: ['Embedding', 'info'],
    ready: ['Ready', 'success'],
    failed: ['Failed', 'critical'],
  })
  const failure = item.embedded
    ? null
    : item.status === 'failed'
      ? (item.status_error ?? embedFailure(item.job) ?? 'Embedding failed.')
      : embedFailure(item.job)
  return {
    id: item.text_id,
    kind: 'text',
    name: item.text_title || `Text ${item.text_id}`,
    date: item.created_at,
    embedded: item.embedded,
    job: item.job ?? null,
    statusLabel,
    statusTone,
    failure,
    canEmbed: !item.embedded,
    retry: failure ? 'embed' : null,
  }
}

export function websiteRow(item: WebsiteItem): KnowledgeRow {
  const [statusLabel, statusTone] = presented(item.content_status, {
    pending: ['Pending', 'attention'],
    crawled: ['Crawled', 'info'],
    available: ['Available', 'success'],
    failed: ['Failed', 'critical'],
  })
  const crawlFailure =
    item.content_status === 'failed' ? (item.status_error ?? 'The website could not be crawled.') : null
  const embedError = item.embedded ? null : embedFailure(item.job)
  return {
    id: item.website_id,
    kind: 'website',
    name: item.website_name,
    date: item.last_crawled_at,
    embedded: item.embedded,
    job: item.job ?? null,
    statusLabel,
    statusTone,
    failure: crawlFailure ?? embedError,
    canEmbed: !item.embedded && item.content_status === 'crawled',
    retry: crawlFailure ? 'crawl' : embedError ? 'embed' : null,
  }
}
