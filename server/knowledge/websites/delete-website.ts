import type { Actor } from '../../accounts/actor.ts'
import type { Database } from '../../db/database.ts'
import { requireWebsite } from './require-website.ts'

export interface DeleteWebsiteOptions {
  actor: Actor
  agentId: string
  websiteId: string
}

/** Deletes a website item with its crawled pages, chunks and vectors (cascades). */
export async function deleteWebsite(database: Database, { actor, agentId, websiteId }: DeleteWebsiteOptions) {
  await requireWebsite(database, { actor, agentId, websiteId, need: 'edit' })
  await database.prisma.website.delete({ where: { id: websiteId } })
}
