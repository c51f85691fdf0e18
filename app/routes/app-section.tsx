// The admin menu screens without an embedded page yet (teams): they point to the standalone dashboard,
// which shows the same agents once the merchant has an e-mail sign-in.
import { TitleBar } from '@shopify/app-bridge-react'
import { Card, Page, Text } from '@shopify/polaris'
import { data, useLoaderData, type LoaderFunctionArgs } from 'react-router'
import { ADMIN_SECTIONS } from '../admin-sections.ts'
import { authenticateShop } from '../authenticate-shop.server.ts'

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await authenticateShop(request, context)
  const section = ADMIN_SECTIONS.find((candidate) => candidate.path === params.section)
  if (!section) throw data(null, { status: 404, statusText: 'Not Found' })
  return { title: section.title }
}

export default function SectionScreen() {
  const { title } = useLoaderData<typeof loader>()
  return (
    <Page title={title} backAction={{ content: 'Agents', url: '/app' }}>
      <TitleBar title={title} />
      <Card>
        <Text as="p">
          {title} is not in the Shopify admin yet. Add a dashboard sign-in (Agents, then Dashboard sign-in) and manage it in the AgentDesk dashboard, with the same agents.
        </Text>
      </Card>
    </Page>
  )
}
