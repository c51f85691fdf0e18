// The three ways to reach us (SPEC section 1: the contact page lists an e-mail, a phone and chat).
import { Icon } from '@shopify/polaris'
import { ChatIcon, EmailIcon, PhoneIcon } from '@shopify/polaris-icons'
import { Link } from 'react-router'
import { CONTACT_EMAIL, CONTACT_PHONE } from '../../layout/public-layout.tsx'

export function ContactChannels() {
  return (
    <ul className="info-grid" aria-label="Ways to contact us">
      <li className="info-card">
        <span className="info-card__icon">
          <Icon source={EmailIcon} />
        </span>
        <h2 className="info-card__title">E-mail</h2>
        <p>For support, sales and billing. We answer within 24 hours.</p>
        <a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a>
      </li>
      <li className="info-card">
        <span className="info-card__icon">
          <Icon source={PhoneIcon} />
        </span>
        <h2 className="info-card__title">Phone</h2>
        <p>Talk to our team during business hours.</p>
        <a href={`tel:${CONTACT_PHONE.replace(/\s/g, '')}`}>{CONTACT_PHONE}</a>
      </li>
      <li className="info-card">
        <span className="info-card__icon">
          <Icon source={ChatIcon} />
        </span>
        <h2 className="info-card__title">Chat</h2>
        <p>Signed in? Write to us from Contact Support in the Help Center. Support is available 24/7.</p>
        <Link to="/app/help?tab=contact">Chat with support</Link>
      </li>
    </ul>
  )
}
