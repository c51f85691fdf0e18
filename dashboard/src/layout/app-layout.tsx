// The signed-in area's frame (SPEC section 2): a sidebar that collapses, a header, a footer hidden on
// phones, and a bottom bar under 768 px. On phones the sidebar opens over the page from the header's
// menu button, so its links (Subscribe, Settings...) stay in reach. The page renders in the main landmark.
import { Icon, Text } from '@shopify/polaris'
import { ExitIcon, MenuIcon, QuestionCircleIcon, XIcon } from '@shopify/polaris-icons'
import { Suspense, useEffect, useState } from 'react'
import { Link, NavLink, Outlet } from 'react-router'
import { CriticalUsageBanner } from '../features/billing/critical-usage-banner.tsx'
import { NotificationsMenu } from '../features/billing/notifications-menu.tsx'
import { EmailCheckBanner } from '../features/profile/email-check-banner.tsx'
import { HeaderPlanButton } from '../features/membership/header-plan-button.tsx'
import { AcceptPendingInvitation } from '../features/teams/accept-pending-invitation.tsx'
import { useSession } from '../session/session-context.tsx'
import { BOTTOM_BAR_LINKS, FOOTER_LINKS, SIDEBAR_LINKS } from './app-navigation.ts'
import { DemoModeBanner } from './demo-mode-banner.tsx'
import { PageLoading } from '../shared/page-loading.tsx'
import './app-layout.css'

const COLLAPSED_KEY = 'sidebar_collapsed'

export function AppLayout() {
  const [collapsed, setCollapsed] = useState(() => localStorage.getItem(COLLAPSED_KEY) === 'true')
  const [menuOpen, setMenuOpen] = useState(false)
  useEffect(() => {
    if (!menuOpen) return
    const closeOnEscape = (event: KeyboardEvent) => event.key === 'Escape' && setMenuOpen(false)
    document.addEventListener('keydown', closeOnEscape)
    return () => document.removeEventListener('keydown', closeOnEscape)
  }, [menuOpen])
  const { user, signOut } = useSession()
  const toggle = () => {
    setCollapsed((current) => {
      localStorage.setItem(COLLAPSED_KEY, String(!current))
      return !current
    })
  }
  return (
    <div className={`app-shell${collapsed ? ' app-shell--collapsed' : ''}${menuOpen ? ' app-shell--menu-open' : ''}`}>
      <AcceptPendingInvitation />
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <aside id="app-sidebar" className="app-sidebar" aria-label="Main navigation">
        <div className="app-sidebar__brand">
          <Link to="/app/dashboard" className="brand-link" aria-label="AgentDesk dashboard">
            <span className="brand-mark" aria-hidden="true">
              A
            </span>
            <span className="app-sidebar__label">AgentDesk</span>
          </Link>
        </div>
        <nav>
          <ul className="app-sidebar__list">
            {SIDEBAR_LINKS.map((link) => (
              <li key={link.to}>
                <NavLink
                  to={link.to}
                  className="app-sidebar__link"
                  title={collapsed ? link.label : undefined}
                  onClick={() => setMenuOpen(false)}
                >
                  <Icon source={link.icon} />
                  <span className="app-sidebar__label">{link.label}</span>
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </aside>
      {menuOpen ? <div className="app-menu-backdrop" aria-hidden="true" onClick={() => setMenuOpen(false)} /> : null}
      <div className="app-body">
        <header className="app-header">
          <button
            type="button"
            className="icon-button app-header__toggle"
            onClick={toggle}
            aria-label={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
            aria-expanded={!collapsed}
          >
            <Icon source={MenuIcon} />
          </button>
          <button
            type="button"
            className="icon-button app-header__menu"
            onClick={() => setMenuOpen((current) => !current)}
            aria-label={menuOpen ? 'Close menu' : 'Open menu'}
            aria-expanded={menuOpen}
            aria-controls="app-sidebar"
          >
            <Icon source={menuOpen ? XIcon : MenuIcon} />
          </button>
          <div className="app-header__spacer" />
          <NotificationsMenu />
          <HeaderPlanButton />
          <Link to="/app/help" className="icon-button" aria-label="Help">
            <Icon source={QuestionCircleIcon} />
          </Link>
          <span className="app-header__user" title={user?.email}>
            <Text as="span" variant="bodySm" truncate>
              {user?.full_name || user?.email}
            </Text>
          </span>
          <button type="button" className="icon-button" aria-label="Sign out" onClick={() => void signOut()}>
            <Icon source={ExitIcon} />
          </button>
        </header>
        <DemoModeBanner />
        <CriticalUsageBanner />
        <EmailCheckBanner />
        <main id="main" className="app-main" tabIndex={-1}>
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </main>
        <footer className="app-footer">
          {FOOTER_LINKS.map((link) => (
            <Link key={link.to} to={link.to}>
              {link.label}
            </Link>
          ))}
        </footer>
      </div>
      <nav className="app-bottom-bar" aria-label="Quick navigation">
        {BOTTOM_BAR_LINKS.map((link) => (
          <NavLink key={link.label} to={link.to} className="app-bottom-bar__link">
            <Icon source={link.icon} />
            <span>{link.label}</span>
          </NavLink>
        ))}
      </nav>
    </div>
  )
}
