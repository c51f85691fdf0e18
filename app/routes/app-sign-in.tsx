// /shopify/app/sign-in: the merchant adds an e-mail and password to the shop's account, then signs in
// to the standalone dashboard and finds the same agents there.
import { TitleBar } from '@shopify/app-bridge-react'
import { Banner, BlockStack, Button, Card, FormLayout, Page, Text, TextField } from '@shopify/polaris'
import { useState } from 'react'
import {
  Form,
  useActionData,
  useLoaderData,
  useNavigation,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
} from 'react-router'
import { AddEmailSignInSchema } from '#server/shopify/admin/add-email-sign-in.schemas.ts'
import { addEmailSignIn } from '#server/shopify/admin/add-email-sign-in.ts'
import { AppError } from '#server/errors/app-error.ts'
import { authenticateShop } from '../authenticate-shop.server.ts'

const isPlaceholder = (email: string) => email.endsWith('@shopify.invalid')

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user } = await authenticateShop(request, context)
  return { email: isPlaceholder(user.email) ? '' : user.email, hasPassword: user.passwordHash !== null }
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { user } = await authenticateShop(request, context)
  const form = await request.formData()
  const parsed = AddEmailSignInSchema.safeParse({
    email: form.get('email') ?? undefined,
    password: form.get('password') ?? undefined,
  })
  if (!parsed.success) return { error: parsed.error.issues[0]?.message ?? 'Please check the form.', done: false }
  try {
    await addEmailSignIn({
      database: context.database,
      linkBase: context.publicUrl,
      accountId: user.id,
      signIn: parsed.data,
    })
    context.queue.wake()
  } catch (error) {
    if (error instanceof AppError) return { error: error.detail, done: false }
    throw error
  }
  return { error: null, done: true }
}

export default function SignInScreen() {
  const { email: knownEmail, hasPassword } = useLoaderData<typeof loader>()
  const result = useActionData<typeof action>()
  const isSaving = useNavigation().state === 'submitting'
  const [email, setEmail] = useState(knownEmail)
  const [password, setPassword] = useState('')
  const isDone = hasPassword || result?.done
  return (
    <Page title="Dashboard sign-in" backAction={{ content: 'Agents', url: '/app' }}>
      <TitleBar title="Dashboard sign-in" />
      <Card>
        {isDone ? (
          <Banner tone="success" title="Your account has an e-mail sign-in">
            <p>Sign in to the AgentDesk dashboard with your e-mail and password to see the same agents.</p>
          </Banner>
        ) : (
          <Form method="post">
            <FormLayout>
              <BlockStack gap="200">
                <Text as="p">
                  Add an e-mail and password to use the AgentDesk dashboard outside Shopify, with the same agents.
                </Text>
                {result?.error ? <Banner tone="critical">{result.error}</Banner> : null}
              </BlockStack>
              <TextField
                label="E-mail"
                type="email"
                name="email"
                autoComplete="email"
                value={email}
                onChange={setEmail}
              />
              <TextField
                label="Password"
                type="password"
                name="password"
                autoComplete="new-password"
                value={password}
                onChange={setPassword}
                helpText="At least 8 characters, with an uppercase and a lowercase letter, a number and a symbol."
              />
              <Button submit variant="primary" loading={isSaving}>
                Add e-mail sign-in
              </Button>
            </FormLayout>
          </Form>
        )}
      </Card>
    </Page>
  )
}
