// /shopify/auth/login: a merchant outside the admin names their shop. A valid one is sent to Shopify's
// install page (login() throws that redirect); an invalid one gets the message below the field.
import { BlockStack, Button, Card, FormLayout, Page, Text, TextField } from '@shopify/polaris'
import { useState } from 'react'
import { Form, useActionData, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router'
import { loginErrorMessage } from '../login-error-message.server.ts'
import { OUTSIDE_ADMIN } from '../root.tsx'

export const handle = OUTSIDE_ADMIN

async function logIn({ request, context }: LoaderFunctionArgs | ActionFunctionArgs) {
  return { error: loginErrorMessage(await context.shopify.login(request)) }
}

// login() reads a form from anything but GET: a HEAD request gets the empty page.
export const loader = (args: LoaderFunctionArgs) => (args.request.method === 'HEAD' ? { error: null } : logIn(args))
export const action = logIn

export default function Login() {
  const loaded = useLoaderData<typeof loader>()
  const submitted = useActionData<typeof action>()
  const error = (submitted ?? loaded).error
  const [shop, setShop] = useState('')
  return (
    <Page narrowWidth>
      <Card>
        <Form method="post">
          <FormLayout>
            <BlockStack gap="200">
              <Text as="h1" variant="headingLg">
                Log in to AgentDesk
              </Text>
              <Text as="p" tone="subdued">
                Open the app from your Shopify admin, or enter your shop domain.
              </Text>
            </BlockStack>
            <TextField
              type="text"
              name="shop"
              label="Shop domain"
              helpText="example.myshopify.com"
              value={shop}
              onChange={setShop}
              autoComplete="on"
              error={error ?? undefined}
            />
            <Button submit variant="primary">
              Log in
            </Button>
          </FormLayout>
        </Form>
      </Card>
    </Page>
  )
}
