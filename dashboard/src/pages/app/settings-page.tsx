// SPEC section 2, Settings: Refresh Data and the tabs Team Management, Agent Permissions and Billing &
// Plans, the tab kept in the address (?tab=permissions, ?tab=billing).
import { Page, Tabs } from '@shopify/polaris'
import { RefreshIcon } from '@shopify/polaris-icons'
import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useSearchParams } from 'react-router'
import { reportError } from '../../feedback/report-error.ts'
import { useToast } from '../../feedback/toast-context.tsx'
import { AGENTS_KEY } from '../../features/agents/agents.queries.ts'
import { BillingSettingsTab } from '../../features/billing/billing-settings-tab.tsx'
import { BILLING_KEY } from '../../features/billing/billing.queries.ts'
import { NoAiModelNoticeIfNone } from '../../features/chat/no-ai-model-notice.tsx'
import { NoEmailNoticeIfNone } from '../../features/auth/email-setup-notice.tsx'
import { AgentPermissionsTab } from '../../features/teams/agent-permissions-tab.tsx'
import { TeamManagementTab } from '../../features/teams/team-management-tab.tsx'
import { TEAMS_KEY } from '../../features/teams/teams.queries.ts'
import { useDocumentTitle } from '../../layout/use-document-title.ts'

// key: the address's ?tab=; id and panelID: unique in the document for the tabs' ARIA links.
const TABS = [
  { key: 'team', id: 'settings-tab-team', content: 'Team Management', panelID: 'settings-panel-team' },
  {
    key: 'permissions',
    id: 'settings-tab-permissions',
    content: 'Agent Permissions',
    panelID: 'settings-panel-permissions',
  },
  { key: 'billing', id: 'settings-tab-billing', content: 'Billing & Plans', panelID: 'settings-panel-billing' },
]

export function SettingsPage() {
  useDocumentTitle('Settings')
  const queryClient = useQueryClient()
  const toaster = useToast()
  const [search, setSearch] = useSearchParams()
  const [isRefreshing, setIsRefreshing] = useState(false)
  const selected = Math.max(
    0,
    TABS.findIndex((tab) => tab.key === search.get('tab')),
  )

  const refresh = async () => {
    setIsRefreshing(true)
    try {
      await Promise.all(
        [TEAMS_KEY, AGENTS_KEY, BILLING_KEY].map((queryKey) =>
          queryClient.refetchQueries({ queryKey, type: 'active' }, { throwOnError: true }),
        ),
      )
      toaster.success('Data refreshed successfully')
    } catch (error) {
      reportError(toaster, error)
    } finally {
      setIsRefreshing(false)
    }
  }

  return (
    <Page
      title="Settings"
      primaryAction={{
        content: 'Refresh Data',
        icon: RefreshIcon,
        onAction: () => void refresh(),
        loading: isRefreshing,
      }}
    >
      <NoAiModelNoticeIfNone />
      <NoEmailNoticeIfNone forOperator />
      <Tabs
        tabs={TABS}
        selected={selected}
        onSelect={(index) => setSearch({ tab: TABS[index]?.key ?? 'team' }, { replace: true })}
      >
        <div className="settings-tab">
          {selected === 0 ? <TeamManagementTab /> : selected === 1 ? <AgentPermissionsTab /> : <BillingSettingsTab />}
        </div>
      </Tabs>
    </Page>
  )
}
