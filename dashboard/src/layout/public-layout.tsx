// The public marketing frame (SPEC section 2): a nav with Log in and Get Started, and a footer with the
// public pages, the support e-mail and phone (where the server has them, SUPPORT_EMAIL and SUPPORT_PHONE)
// and the copyright line.
import { Suspense } from 'react'
import { Link, Outlet } from 'react-router'
import { telHref, useSupportContact } from '../features/help/use-support-contact.ts'
import { PageLoading } from '../shared/page-loading.tsx'
import './public-layout.css'

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
  const { email, phone } = useSupportContact()
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
        {email || phone ? (
          <p className="public-footer__contact">
            {email ? <a href={`mailto:${email}`}>{email}</a> : null}
            {email && phone ? ' · ' : null}
            {phone ? <a href={telHref(phone)}>{phone}</a> : null}
          </p>
        ) : null}
        <p className="public-footer__copyright">© {new Date().getFullYear()} AgentDesk. All rights reserved.</p>
      </footer>
    </div>
  )
}
