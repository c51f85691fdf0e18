import type { Text } from '../../db/generated/prisma/client.ts'
import type { TextView } from '../knowledge.schemas.ts'
import type { JobView } from '../embedding/job-view.ts'

/** A text as the API shows it (SPEC section 3), with its latest job for progress. */
export function toTextView(text: Text, job: JobView | undefined): TextView {
  return {
    text_id: text.id,
    id: text.id,
    agent_id: text.agentId,
    text_title: text.title || `Text ${text.id}`,
    text_content: text.content,
    text_description: text.description,
    text_tags: text.tags,
    meta_data: text.metaData,
    status: text.status,
    status_error: text.statusError,
    embedded: text.embedded,
    embedded_at: text.embeddedAt?.toISOString() ?? null,
    created_at: text.createdAt.toISOString(),
    updated_at: text.updatedAt.toISOString(),
    job: job ?? null,
  }
}
