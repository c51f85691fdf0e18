// SPEC section 2, User profile (/app/profile and /app/user-info): tabs Profile, Settings and Security,
// the tab kept in the address (?tab=security). "Loading profile..." until the session has its user.
import { Card, Page, Tabs, Text } from '@shopify/polaris'
import { SettingsIcon } from '@shopify/polaris-icons'
import { useSearchParams } from 'react-router'
import { ChangeEmailCard } from '../../features/profile/change-email-card.tsx'
import { ChangePasswordCard } from '../../features/profile/change-password-card.tsx'
import { DeleteAccountCard } from '../../features/profile/delete-account-card.tsx'
import { EmailAlertsCard } from '../../features/profile/email-alerts-card.tsx'
import { EraseVisitorCard } from '../../features/profile/erase-visitor-card.tsx'
import { ProfileCard } from '../../features/profile/profile-card.tsx'
import { SecurityTab } from '../../features/profile/security-tab.tsx'
import '../../features/profile/profile.css'
import { useDocumentTitle } from '../../layout/use-document-title.ts'
import { useSession } from '../../session/session-context.tsx'

// key: the address's ?tab=; id and panelID: unique in the document for the tabs' ARIA links.
const TABS = [
  { key: 'profile', id: 'profile-tab-profile', content: 'Profile', panelID: 'profile-panel-profile' },
  { key: 'settings', id: 'profile-tab-settings', content: 'Settings', panelID: 'profile-panel-settings' },
  { key: 'security', id: 'profile-tab-security', content: 'Security', panelID: 'profile-panel-security' },
]

export function ProfilePage() {
  useDocumentTitle('User Profile')
  const { user } = useSession()
  const [search, setSearch] = useSearchParams()
  const selected = Math.max(
    0,
    TABS.findIndex((tab) => tab.key === search.get('tab')),
  )
  const show = (id: string) => setSearch({ tab: id }, { replace: true })
  const primaryAction = { content: 'Go to Settings', url: '/app/settings', icon: SettingsIcon }

  if (!user) {
    return (
      <Page title="User Profile" primaryAction={primaryAction}>
        <Card>
          <div className="page-loading" role="status">
            <Text as="p" tone="subdued">
              Loading profile...
            </Text>
          </div>
        </Card>
      </Page>
    )
  }

  const tab = TABS[selected]?.key ?? 'profile'
  return (
    <Page title="User Profile" primaryAction={primaryAction}>
      <Tabs tabs={TABS} selected={selected} onSelect={(index) => show(TABS[index]?.key ?? 'profile')}>
        <div className="profile-tab">
          {tab === 'profile' && <ProfileCard user={user} />}
          {tab === 'settings' && (
            <div className="profile-settings">
              <ChangePasswordCard user={user} />
              <ChangeEmailCard user={user} />
              <div className="profile-settings__wide">
                <EmailAlertsCard user={user} />
              </div>
              <div className="profile-settings__wide">
                <EraseVisitorCard />
              </div>
              <div className="profile-settings__wide">
                <DeleteAccountCard user={user} />
              </div>
            </div>
          )}
          {tab === 'security' && <SecurityTab user={user} onChangePassword={() => show('settings')} />}
        </div>
      </Tabs>
    </Page>
  )
}
