import type { User } from '../db/generated/prisma/client.ts'

/** A user as the API shows it (SPEC section 3: email, full_name, profile_image, date_joined). */
export interface UserView {
  id: string
  email: string
  full_name: string
  profile_image: string | null
  date_joined: string
  has_password: boolean
  has_google: boolean
}

export function profileImageUrl(userId: string, storageKey: string | null, publicUrl: string | undefined): string | null {
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
  }
}
