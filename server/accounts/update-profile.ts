import type { Database } from '../db/database.ts'
import type { User } from '../db/generated/prisma/client.ts'
import type { UpdateProfile } from './accounts.schemas.ts'
import type { Actor } from './actor.ts'

export async function updateProfile(database: Database, actor: Actor, profile: UpdateProfile): Promise<User> {
  return database.prisma.user.update({ where: { id: actor.userId }, data: { fullName: profile.full_name } })
}
