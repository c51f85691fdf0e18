// The public marketing frame (SPEC section 2): a nav with Log in and Get Started, and a footer with the
// public pages, a contact e-mail, a phone and the copyright line.
import { Suspense } from 'react'
import { Link, Outlet } from 'react-router'
import { PageLoading } from './page-loading.tsx'
import './public-layout.css'

export const CONTACT_EMAIL = 'support@agentdesk.example'
export const CONTACT_PHONE = '+20 100 000 0000'

const FOOTER_PAGES = [
  { label: 'Demo', to: '/demo' },
  { label: 'About', to: '/about' },
  { label: 'Help', to: '/help' },
  { label: 'Contact', to: '/contact' },
  { label: 'Privacy', to: '/privacy' },
  { label: 'Terms', to: '/terms' },
  { label: 'Refund Policy', to: '/refund' },
]

export function PublicLayout() {
  return (
    <div className="public-shell">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="public-nav">
        <Link to="/" className="brand-link public-nav__brand">
          <span className="brand-mark" aria-hidden="true">
            A
          </span>
          AgentDesk
        </Link>
        <nav className="public-nav__actions" aria-label="Account">
          <Link to="/auth" className="public-nav__login">
            Log in
          </Link>
          <Link to="/auth?tab=signup" className="public-button">
            Get Started
          </Link>
        </nav>
      </header>
      <main id="main" className="public-main" tabIndex={-1}>
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </main>
      <footer className="public-footer">
        <nav aria-label="Site pages" className="public-footer__links">
          {FOOTER_PAGES.map((page) => (
            <Link key={page.to} to={page.to}>
              {page.label}
            </Link>
          ))}
        </nav>
        <p className="public-footer__contact">
          <a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a> ·{' '}
          <a href={`tel:${CONTACT_PHONE.replace(/\s/g, '')}`}>{CONTACT_PHONE}</a>
        </p>
        <p className="public-footer__copyright">© {new Date().getFullYear()} AgentDesk. All rights reserved.</p>
      </footer>
    </div>
  )
}
