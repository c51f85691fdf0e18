import type { Job } from '../../db/generated/prisma/client.ts'
import type { JobView } from '../knowledge.schemas.ts'

export type { JobView }

/** A job as the API shows it: enough for a progress bar and an error message. */
export function toJobView(job: Job): JobView {
  return {
    job_id: job.id,
    kind: job.kind,
    status: job.status,
    progress: job.progress,
    progress_detail: job.progressDetail,
    attempts: job.attempts,
    max_attempts: job.maxAttempts,
    error: job.lastError,
    object_type: job.subjectType,
    object_id: job.subjectId,
    created_at: job.createdAt.toISOString(),
    updated_at: job.updatedAt.toISOString(),
    finished_at: job.finishedAt?.toISOString() ?? null,
  }
}
