// The embedded Teams screen: the dashboard's own Team Management and Agent Permissions, over the shop
// account's teams and agents (the API takes the admin's session token for that account).
import { TitleBar } from '@shopify/app-bridge-react'
import { Page, Tabs } from '@shopify/polaris'
import { useSearchParams } from 'react-router'
import { AgentPermissionsTab } from '#dashboard/features/teams/agent-permissions-tab.tsx'
import { TeamManagementTab } from '#dashboard/features/teams/team-management-tab.tsx'
import { requireShopAdmin } from '../authenticate-shop.server.ts'
import { ClientOnly } from '../embedded/client-only.tsx'
import { revalidateOnPathChange } from '../embedded/revalidate-on-path-change.ts'

// key: the address's ?tab=; id and panelID: unique in the document for the tabs' ARIA links.
const TABS = [
  { key: 'team', id: 'teams-tab-team', content: 'Team Management', panelID: 'teams-panel-team' },
  { key: 'permissions', id: 'teams-tab-permissions', content: 'Agent Permissions', panelID: 'teams-panel-permissions' },
]

export const loader = requireShopAdmin

export const shouldRevalidate = revalidateOnPathChange()

export default function TeamsScreen() {
  const [search, setSearch] = useSearchParams()
  const selected = Math.max(
    0,
    TABS.findIndex((tab) => tab.key === search.get('tab')),
  )
  return (
    <Page
      title="Teams"
      subtitle="Invite your staff and choose which agents each team may use"
      backAction={{ content: 'Agents', url: '/app' }}
    >
      <TitleBar title="Teams" />
      <Tabs
        tabs={TABS}
        selected={selected}
        onSelect={(index) =>
          setSearch((current) => ({ ...Object.fromEntries(current), tab: TABS[index]?.key ?? 'team' }), {
            replace: true,
          })
        }
      >
        <div className="embedded-tab">
          <ClientOnly>{selected === 0 ? <TeamManagementTab /> : <AgentPermissionsTab />}</ClientOnly>
        </div>
      </Tabs>
    </Page>
  )
}
