import type { Actor } from '../../accounts/actor.ts'
import type { Database } from '../../db/database.ts'
import { requireText } from './require-text.ts'

/** Deletes a text with its sections, chunks and vectors (cascades). */
export async function deleteText(database: Database, actor: Actor, agentId: string, textId: string) {
  await requireText(database, actor, agentId, textId, 'edit')
  await database.prisma.text.delete({ where: { id: textId } })
}
