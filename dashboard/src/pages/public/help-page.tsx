// SPEC section 2, route /help: the public help page. Support 24/7, response within 24 hours, the
// automation service connecting 3,000+ apps; the first steps and the same FAQ as the Help Center.
import { Link } from 'react-router'
import { FaqAccordion } from '../../features/help/faq-accordion.tsx'
import { HELP_FAQ } from '../../features/help/help-faq.ts'
import { PageIntro } from '../../features/marketing/page-intro.tsx'
import { PRODUCT_STEPS } from '../../features/marketing/product-steps.ts'
import { SUPPORT_PROMISES } from '../../features/marketing/support-promises.ts'
import { useSupportContact } from '../../features/help/use-support-contact.ts'
import { useDocumentTitle } from '../../layout/use-document-title.ts'
import '../../features/marketing/marketing.css'
import '../../features/marketing/static-page.css'

export function HelpPage() {
  useDocumentTitle('Help')
  const { email } = useSupportContact()
  return (
    <div className="marketing static-page">
      <PageIntro eyebrow="Help" title="How can we help?">
        <p>Guides to get started, answers to common questions, and people ready to help when you need them.</p>
      </PageIntro>
      <div className="static-page__narrow">
        <section className="static-page__section" aria-labelledby="support-title">
          <h2 id="support-title">Support you can count on</h2>
          <ul className="info-grid">
            {SUPPORT_PROMISES.map((promise) => (
              <li key={promise.title} className="info-card">
                <span className="info-card__figure" aria-hidden="true">
                  {promise.figure}
                </span>
                <h3>{promise.title}</h3>
                <p>{promise.text}</p>
              </li>
            ))}
          </ul>
          <p>
            Set up the Zapier connection from the Zapier tab of Integrations in your dashboard. For anything else,{' '}
            {email ? (
              <>
                write to{' '}
                <a href={`mailto:${email}`} className="text-link">
                  {email}
                </a>{' '}
                or{' '}
              </>
            ) : null}
            see all the ways to{' '}
            <Link to="/contact" className="text-link">
              contact us
            </Link>
            .
          </p>
        </section>
        <section className="static-page__section" aria-labelledby="start-title">
          <h2 id="start-title">Getting started</h2>
          <ol className="numbered-steps">
            {PRODUCT_STEPS.map((step) => (
              <li key={step.id}>
                <h3>{step.title}</h3>
                <p>{step.summary}</p>
              </li>
            ))}
          </ol>
          <p>
            Prefer to watch? The{' '}
            <Link to="/demo" className="text-link">
              live demo
            </Link>{' '}
            walks through these four steps.
          </p>
        </section>
        <section className="static-page__section" aria-labelledby="faq-title">
          <h2 id="faq-title">Frequently asked questions</h2>
          <FaqAccordion entries={HELP_FAQ} />
          <p>
            Signed in? The{' '}
            <Link to="/app/help" className="text-link">
              Help Center
            </Link>{' '}
            has more resources and a form to reach our support team.
          </p>
        </section>
      </div>
    </div>
  )
}
