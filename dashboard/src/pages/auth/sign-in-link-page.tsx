// /auth/sign-in?token=...: where a mailed sign-in link lands (decision 037). Nothing happens until the
// reader presses the button (a mail scanner that opens links must not spend the one-time link); then it
// signs in and lands where a password sign-in does. Without a token it asks for a link.
import { Banner, BlockStack, Button, Link, Text } from '@shopify/polaris'
import { useMutation } from '@tanstack/react-query'
import { useWatch } from 'react-hook-form'
import { useSearchParams } from 'react-router'
import { z } from 'zod'
import { useApi } from '../../api/api-context.tsx'
import { AuthScreen } from '../../features/auth/auth-screen.tsx'
import { EmailMeASignInLink } from '../../features/auth/email-me-a-sign-in-link.tsx'
import { NoEmailNoticeIfNone } from '../../features/auth/email-setup-notice.tsx'
import { FormTextField } from '../../forms/form-text-field.tsx'
import { useSchemaForm } from '../../forms/use-schema-form.ts'
import { useDocumentTitle } from '../../layout/use-document-title.ts'
import { useSession } from '../../session/session-context.tsx'
import { sessionRoutes } from '../../api/routes/session-routes.ts'

// EmailMeASignInLink checks the address and sends it.
const AskForLinkFieldsSchema = z.object({ email: z.string() })

function AskForSignInLink() {
  const form = useSchemaForm({ schema: AskForLinkFieldsSchema, defaultValues: { email: '' } })
  const email = useWatch({ control: form.control, name: 'email' })
  return (
    <BlockStack gap="300">
      <NoEmailNoticeIfNone />
      <FormTextField form={form} name="email" label="Email" type="email" autoComplete="email" />
      <EmailMeASignInLink email={email} prominent />
    </BlockStack>
  )
}

export function SignInLinkPage() {
  useDocumentTitle('Sign in with a link')
  const [search] = useSearchParams()
  const token = search.get('token') ?? ''
  const client = useApi()
  const { signIn } = useSession()
  const confirm = useMutation({
    mutationFn: () => client.call(sessionRoutes.confirmSignInLink, { body: { token } }),
    onSuccess: signIn,
  })

  return (
    <AuthScreen
      title="Sign in with a link"
      subtitle={token ? undefined : 'Enter the e-mail you sign in with. We will send it a link that signs you in once.'}
    >
      {!token ? (
        <AskForSignInLink />
      ) : confirm.isError ? (
        <BlockStack gap="300">
          <Banner tone="critical" title="This link cannot be used">
            {confirm.error instanceof Error && confirm.error.message
              ? confirm.error.message
              : 'Please try again in a moment.'}
          </Banner>
          <AskForSignInLink />
        </BlockStack>
      ) : (
        <BlockStack gap="300">
          <Text as="p">This link signs you in once, on this device.</Text>
          <Button
            variant="primary"
            size="large"
            fullWidth
            loading={confirm.isPending || confirm.isSuccess}
            onClick={() => confirm.mutate()}
          >
            Sign in
          </Button>
        </BlockStack>
      )}
      <Link url="/auth">Back to sign in</Link>
    </AuthScreen>
  )
}
