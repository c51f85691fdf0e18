import type { User } from '../db/generated/prisma/client.ts'
import type { UserView } from './accounts.schemas.ts'

export type { UserView } from './accounts.schemas.ts'

function profileImageUrl(userId: string, storageKey: string | null, publicUrl: string | undefined): string | null {
  if (!storageKey) return null
  const fileName = storageKey.split('/').pop()
  return `${publicUrl?.replace(/\/$/, '') ?? ''}/api/accounts/profile/image/${userId}/${fileName}`
}

export function toUserView(user: User, publicUrl: string | undefined): UserView {
  return {
    id: user.id,
    email: user.email,
    full_name: user.fullName,
    profile_image: profileImageUrl(user.id, user.profileImageKey, publicUrl),
    date_joined: user.dateJoined.toISOString(),
    has_password: user.passwordHash !== null,
    has_google: user.googleSubject !== null,
    email_verified: user.emailVerifiedAt !== null,
    pending_email: user.pendingEmail,
  }
}
