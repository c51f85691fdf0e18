// /auth/forgot-password: asks for a link to set a new password.
import { Link } from '@shopify/polaris'
import { AuthScreen } from '../../features/auth/auth-screen.tsx'
import { NoEmailNoticeIfNone } from '../../features/auth/email-setup-notice.tsx'
import { ForgotPasswordForm } from '../../features/auth/forgot-password-form.tsx'
import { useDocumentTitle } from '../../layout/use-document-title.ts'

export function ForgotPasswordPage() {
  useDocumentTitle('Forgot password')
  return (
    <AuthScreen
      title="Forgot your password?"
      subtitle="Enter the e-mail you sign in with. We will send it a link to set a new password."
    >
      <NoEmailNoticeIfNone />
      <ForgotPasswordForm />
      <Link url="/auth">Back to sign in</Link>
    </AuthScreen>
  )
}
