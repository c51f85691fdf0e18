import type { Actor } from '../../accounts/actor.ts'
import type { Database } from '../../db/database.ts'
import { AppError } from '../../errors/app-error.ts'
import { TEAM_MESSAGES } from '../teams.schemas.ts'

/** The team's member who was invited and has not joined (404 for no such member, 400 for one who joined). */
export async function requirePendingMember(database: Database, teamId: string, memberId: string) {
  const member = await database.prisma.teamMember.findFirst({ where: { id: memberId, teamId } })
  if (!member) throw new AppError('NOT_FOUND', 'Team member not found')
  if (member.userId) throw new AppError('BAD_REQUEST', TEAM_MESSAGES.alreadyJoined)
  return member
}

/** How invitations name the person sending them. */
export async function inviterNameOf(database: Database, actor: Actor) {
  const inviter = await database.prisma.user.findUnique({ where: { id: actor.userId }, select: { fullName: true } })
  return inviter?.fullName ?? 'A colleague'
}
