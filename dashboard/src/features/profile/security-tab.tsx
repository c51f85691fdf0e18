// SPEC section 2 leaves Security as placeholder text; this says what is true of the account instead:
// how one signs in (Google only where the server offers it, or the account is linked), and what ends sessions.
import { Badge, BlockStack, Button, Card, InlineStack, List, Text } from '@shopify/polaris'
import { useQuery } from '@tanstack/react-query'
import { useApi } from '../../api/api-context.tsx'
import type { SessionUser } from '../../session/session-check.ts'
import { googleAvailabilityQuery } from '../auth/google-availability-query.ts'

function Method({
  name,
  isOn,
  on,
  off,
  detail,
}: {
  name: string
  isOn: boolean
  on: string
  off: string
  detail: string
}) {
  return (
    <BlockStack gap="100">
      <InlineStack gap="200" blockAlign="center">
        <Text as="h3" variant="headingSm">
          {name}
        </Text>
        <Badge tone={isOn ? 'success' : undefined}>{isOn ? on : off}</Badge>
      </InlineStack>
      <Text as="p" tone="subdued">
        {detail}
      </Text>
    </BlockStack>
  )
}

export function SecurityTab({ user, onChangePassword }: { user: SessionUser; onChangePassword(): void }) {
  const google = useQuery(googleAvailabilityQuery(useApi()))
  const googleOffered = google.data?.enabled === true
  return (
    <BlockStack gap="400">
      <Card>
        <BlockStack gap="400">
          <Text as="h2" variant="headingMd">
            Sign-in methods
          </Text>
          <Method
            name="E-mail and password"
            isOn={user.has_password}
            on="Set"
            off="Not set"
            detail={
              user.has_password
                ? `You sign in as ${user.email} with your password.`
                : 'No password yet: you sign in with Google. Set one within 10 minutes of signing in.'
            }
          />
          {googleOffered || user.has_google ? (
            <Method
              name="Google"
              isOn={user.has_google}
              on="Linked"
              off="Not linked"
              detail={
                !googleOffered
                  ? 'Your Google account is linked, but this server no longer offers Google sign-in: sign in with your e-mail.'
                  : user.has_google
                    ? 'Continue with Google signs you in to this account.'
                    : `Continue with Google on the sign-in screen links the Google account of ${user.email} to this one.`
              }
            />
          ) : null}
          <div>
            <Button onClick={onChangePassword}>{user.has_password ? 'Change Password' : 'Set a Password'}</Button>
          </div>
        </BlockStack>
      </Card>
      <Card>
        <BlockStack gap="300">
          <Text as="h2" variant="headingMd">
            Sessions
          </Text>
          <List>
            <List.Item>
              Changing your password or e-mail signs you out on every other browser and device; this one stays signed
              in.
            </List.Item>
            <List.Item>
              Signing out ends this browser's session at once. An unused session ends by itself after a while.
            </List.Item>
            <List.Item>Deleting your account ends every session.</List.Item>
          </List>
        </BlockStack>
      </Card>
    </BlockStack>
  )
}
