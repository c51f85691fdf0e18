import type { Actor } from '../../accounts/actor.ts'
import { requireAgentAccess } from '../../agents/require-agent-access.ts'
import type { Database } from '../../db/database.ts'
import { AppError } from '../../errors/app-error.ts'
import { toJobView } from './job-view.ts'

/** The agent's recent jobs, newest first (the screens poll this for progress bars). */
export async function listAgentJobs(database: Database, actor: Actor, agentId: string) {
  await requireAgentAccess(database, { actor, agentId, need: 'read' })
  const jobs = await database.prisma.job.findMany({ where: { agentId }, orderBy: { createdAt: 'desc' }, take: 100 })
  return { jobs: jobs.map(toJobView) }
}

export interface GetAgentJobOptions {
  actor: Actor
  agentId: string
  jobId: string
}

export async function getAgentJob(database: Database, { actor, agentId, jobId }: GetAgentJobOptions) {
  await requireAgentAccess(database, { actor, agentId, need: 'read' })
  const job = await database.prisma.job.findFirst({ where: { id: jobId, agentId } })
  if (!job) throw new AppError('NOT_FOUND', 'Job not found')
  return toJobView(job)
}
