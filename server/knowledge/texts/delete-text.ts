import type { Actor } from '../../accounts/actor.ts'
import type { Database } from '../../db/database.ts'
import { requireText } from './require-text.ts'

export interface DeleteTextOptions {
  actor: Actor
  agentId: string
  textId: string
}

/** Deletes a text with its sections, chunks and vectors (cascades). */
export async function deleteText(database: Database, { actor, agentId, textId }: DeleteTextOptions) {
  await requireText(database, { actor, agentId, textId, need: 'edit' })
  await database.prisma.text.delete({ where: { id: textId } })
}
