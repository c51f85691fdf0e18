// /auth/forgot-password: asks for a link to set a new password.
import { BlockStack, Card, Link, Text } from '@shopify/polaris'
import { NoEmailNoticeIfNone } from '../../features/auth/email-setup-notice.tsx'
import { ForgotPasswordForm } from '../../features/auth/forgot-password-form.tsx'
import { useDocumentTitle } from '../../layout/use-document-title.ts'
import '../../features/auth/auth.css'

export function ForgotPasswordPage() {
  useDocumentTitle('Forgot password')
  return (
    <div className="auth-screen">
      <div className="auth-card">
        <Card>
          <BlockStack gap="400">
            <BlockStack gap="100">
              <Text as="h1" variant="headingLg">
                Forgot your password?
              </Text>
              <Text as="p" tone="subdued">
                Enter the e-mail you sign in with. We will send it a link to set a new password.
              </Text>
            </BlockStack>
            <NoEmailNoticeIfNone />
            <ForgotPasswordForm />
            <Link url="/auth">Back to sign in</Link>
          </BlockStack>
        </Card>
      </div>
    </div>
  )
}
