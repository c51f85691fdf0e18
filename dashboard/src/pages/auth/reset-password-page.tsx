// /auth/reset-password?token=...: where an e-mailed reset link lands. Done, it goes to sign-in.
import { Banner, BlockStack, Card, Link, Text } from '@shopify/polaris'
import { useNavigate, useSearchParams } from 'react-router'
import { ResetPasswordForm } from '../../features/auth/reset-password-form.tsx'
import { useToast } from '../../feedback/toast-context.tsx'
import { useDocumentTitle } from '../../layout/use-document-title.ts'
import '../../features/auth/auth.css'

export function ResetPasswordPage() {
  useDocumentTitle('Set a new password')
  const [search] = useSearchParams()
  const navigate = useNavigate()
  const toaster = useToast()
  const token = search.get('token') ?? ''
  return (
    <div className="auth-screen">
      <div className="auth-card">
        <Card>
          <BlockStack gap="400">
            <Text as="h1" variant="headingLg">
              Set a new password
            </Text>
            {token ? (
              <ResetPasswordForm
                token={token}
                onDone={(message) => {
                  toaster.success('Password set', message)
                  navigate('/auth', { replace: true })
                }}
              />
            ) : (
              <Banner tone="critical" title="This link is incomplete">
                Open the link from the e-mail again, or ask for a new one.
              </Banner>
            )}
            <Link url="/auth/forgot-password">Ask for a new link</Link>
          </BlockStack>
        </Card>
      </div>
    </div>
  )
}
