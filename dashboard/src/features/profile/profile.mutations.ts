// Changes to one's own account (SPEC section 7, Accounts) with the SPEC's failure titles (section 8).
// After each, the session's user is brought up to date, so the header and the profile agree.
import { accountRoutes } from '../../api/routes/account-routes.ts'
import { useApiMutation } from '../../api/use-api-mutation.ts'
import { useToast } from '../../feedback/toast-context.tsx'
import { useSession } from '../../session/session-context.tsx'
import { useRefreshSessionUser } from '../../session/use-refresh-session-user.ts'

type Answer = { message?: string }

const useRefreshUser = useRefreshSessionUser

export function useUpdateFullName() {
  const { user, setUser } = useSession()
  const toaster = useToast()
  return useApiMutation({
    run: (client, fullName: string) => client.call(accountRoutes.updateProfile, { body: { full_name: fullName } }),
    errorTitle: 'Failed to update profile',
    successToast: false,
    onSuccess: (answer) => {
      // The server answers the user without a message.
      toaster.success('Success', 'Profile updated successfully')
      if (user) setUser({ ...user, full_name: answer.full_name })
    },
  })
}

export function useUploadProfileImage() {
  const { user, setUser } = useSession()
  return useApiMutation({
    run: (client, file: File) => {
      const form = new FormData()
      form.append('profile_image', file)
      return client.call(accountRoutes.uploadProfileImage, { form })
    },
    errorTitle: 'Failed to update profile image',
    onSuccess: (answer) => {
      if (user && typeof answer.profile_image === 'string') setUser({ ...user, profile_image: answer.profile_image })
    },
  })
}

export function useChangePassword() {
  const refreshUser = useRefreshUser()
  return useApiMutation<{ old_password?: string; new_password: string }, Answer>({
    run: (client, change) => client.call(accountRoutes.changePassword, { body: change }),
    errorTitle: 'Failed to change password',
    // A first password turns has_password on.
    onSuccess: () => void refreshUser().catch(() => undefined),
  })
}

export function useChangeEmail() {
  const refreshUser = useRefreshUser()
  return useApiMutation<{ new_email: string; password: string }, Answer>({
    run: (client, change) => client.call(accountRoutes.changeEmail, { body: change }),
    errorTitle: 'Failed to change email',
    onSuccess: () => void refreshUser().catch(() => undefined),
  })
}

/** Withdraws a change of sign-in e-mail waiting for its link. */
export function useCancelEmailChange() {
  const refreshUser = useRefreshUser()
  return useApiMutation<void, Answer>({
    run: (client) => client.call(accountRoutes.cancelEmailChange, { body: {} }),
    errorTitle: 'Failed to cancel the change',
    onSuccess: () => void refreshUser(),
  })
}

/** Mails a new link to the address waiting to be proven (the new one asked for, else the account's own). */
export function useResendEmailCheck(then: { onSuccess?(answer: Answer): void; onError?(error: unknown): void } = {}) {
  return useApiMutation<void, Answer>({
    run: (client) => client.call(accountRoutes.resendEmailCheck, { body: {} }),
    errorTitle: 'Failed to send the link',
    onSuccess: then.onSuccess,
    onError: then.onError,
  })
}

export function useDeleteAccount() {
  const { endSession } = useSession()
  return useApiMutation<{ password: string }, Answer>({
    run: (client, confirmation) => client.call(accountRoutes.deleteAccount, { body: confirmation }),
    errorTitle: 'Failed to delete account',
    // The account is gone: the session ends here and the browser goes to /auth.
    onSuccess: () => endSession(),
  })
}
