// The profile photo (SPEC section 5): an image under 5 MB, checked here before it is sent; the server
// checks the content again. The photo shows at once after "Profile image updated successfully!".
import { Avatar, BlockStack, Button, InlineError } from '@shopify/polaris'
import { CameraIcon } from '@shopify/polaris-icons'
import { useId, useRef, useState, type ChangeEvent } from 'react'
import type { SessionUser } from '../../session/session-check.ts'
import { useUploadProfileImage } from './profile.mutations.ts'

const PROFILE_IMAGE_MAX_BYTES = 5 * 1024 * 1024

/** Why this file cannot be a profile photo, or undefined when it can. */
function photoProblem(file: File): string | undefined {
  if (!file.type.startsWith('image/')) return 'Please select a valid image file'
  if (file.size >= PROFILE_IMAGE_MAX_BYTES) return 'File size must be less than 5MB'
  return undefined
}

const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase())
    .join('')

export function ProfilePhoto({ user }: { user: SessionUser }) {
  const inputId = useId()
  const input = useRef<HTMLInputElement>(null)
  const [problem, setProblem] = useState<string>()
  const upload = useUploadProfileImage()

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0]
    event.target.value = ''
    if (!file) return
    const reason = photoProblem(file)
    setProblem(reason)
    if (!reason) upload.mutate(file)
  }

  return (
    <BlockStack gap="200" inlineAlign="center">
      <div className="profile-photo">
        {user.profile_image ? (
          <img
            className="profile-photo__image"
            src={user.profile_image}
            alt={`Profile photo of ${user.full_name}`}
            width={96}
            height={96}
          />
        ) : (
          <Avatar size="xl" initials={initialsOf(user.full_name || user.email)} name={user.full_name} />
        )}
      </div>
      <input
        ref={input}
        id={inputId}
        className="visually-hidden"
        type="file"
        accept="image/*"
        onChange={choose}
        tabIndex={-1}
        aria-hidden="true"
      />
      <Button icon={CameraIcon} onClick={() => input.current?.click()} loading={upload.isPending} size="slim">
        Change Photo
      </Button>
      <div role="alert">{problem && <InlineError message={problem} fieldID={inputId} />}</div>
    </BlockStack>
  )
}
