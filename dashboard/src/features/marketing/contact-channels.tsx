// The ways to reach us (SPEC section 1: the contact page lists an e-mail, a phone and chat), each only
// where the server has it: the e-mail and phone configured, chat (the Help Center's form, which writes to
// the e-mail) with the e-mail.
import { Icon } from '@shopify/polaris'
import { ChatIcon, EmailIcon, PhoneIcon } from '@shopify/polaris-icons'
import { Link } from 'react-router'
import type { SupportContact } from '#server/support/support-contact.schemas.ts'
import { telHref } from '../help/use-support-contact.ts'

export function ContactChannels({ email, phone }: SupportContact) {
  if (!email && !phone) return null
  return (
    <ul className="info-grid" aria-label="Ways to contact us">
      {email ? (
        <li className="info-card">
          <span className="info-card__icon">
            <Icon source={EmailIcon} />
          </span>
          <h2 className="info-card__title">E-mail</h2>
          <p>For support, sales and billing. We answer within 24 hours.</p>
          <a href={`mailto:${email}`}>{email}</a>
        </li>
      ) : null}
      {phone ? (
        <li className="info-card">
          <span className="info-card__icon">
            <Icon source={PhoneIcon} />
          </span>
          <h2 className="info-card__title">Phone</h2>
          <p>Talk to our team during business hours.</p>
          <a href={telHref(phone)}>{phone}</a>
        </li>
      ) : null}
      {email ? (
        <li className="info-card">
          <span className="info-card__icon">
            <Icon source={ChatIcon} />
          </span>
          <h2 className="info-card__title">Chat</h2>
          <p>Signed in? Write to us from Contact Support in the Help Center. Support is available 24/7.</p>
          <Link to="/app/help?tab=contact">Chat with support</Link>
        </li>
      ) : null}
    </ul>
  )
}
