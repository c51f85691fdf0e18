// /auth/reset-password?token=...: where an e-mailed reset link lands. Done, it goes to sign-in.
import { Banner, Link } from '@shopify/polaris'
import { useNavigate, useSearchParams } from 'react-router'
import { AuthScreen } from '../../features/auth/auth-screen.tsx'
import { ResetPasswordForm } from '../../features/auth/reset-password-form.tsx'
import { useToast } from '../../feedback/toast-context.tsx'
import { useDocumentTitle } from '../../layout/use-document-title.ts'

export function ResetPasswordPage() {
  useDocumentTitle('Set a new password')
  const [search] = useSearchParams()
  const navigate = useNavigate()
  const toaster = useToast()
  const token = search.get('token') ?? ''
  return (
    <AuthScreen title="Set a new password">
      {token ? (
        <ResetPasswordForm
          token={token}
          onDone={(message) => {
            toaster.success('Password set', message)
            void navigate('/auth', { replace: true })
          }}
        />
      ) : (
        <Banner tone="critical" title="This link is incomplete">
          Open the link from the e-mail again, or ask for a new one.
        </Banner>
      )}
      <Link url="/auth/forgot-password">Ask for a new link</Link>
    </AuthScreen>
  )
}
