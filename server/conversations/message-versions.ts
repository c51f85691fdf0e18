import type { Database } from '../db/database.ts'
import type { Message, Prisma } from '../db/generated/prisma/client.ts'

/** Where an edited question's shown version stands among its versions: the nth (from 1) of count. */
export interface MessageVersions {
  index: number
  count: number
}

/**
 * The versions of each edited question among the messages (by message id); a question never edited
 * with later turns has none. The versions are in the order they were written.
 */
export async function messageVersionsOf(
  database: Database | { prisma: Prisma.TransactionClient },
  messages: Pick<Message, 'id' | 'versionOfId' | 'version'>[],
): Promise<Map<string, MessageVersions>> {
  const firstIds = [...new Set(messages.map((message) => message.versionOfId ?? message.id))]
  const found = new Map<string, MessageVersions>()
  if (firstIds.length === 0) return found
  const copies = await database.prisma.message.groupBy({
    by: ['versionOfId'],
    where: { versionOfId: { in: firstIds } },
    _count: { _all: true },
  })
  const counts = new Map(copies.map((group) => [group.versionOfId, group._count._all + 1]))
  for (const message of messages) {
    const count = counts.get(message.versionOfId ?? message.id)
    // Version numbers run 1..count with no gap: each edit that keeps a version adds the next one.
    if (count) found.set(message.id, { index: message.version, count })
  }
  return found
}
