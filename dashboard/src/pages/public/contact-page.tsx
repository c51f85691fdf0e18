// SPEC section 2, route /contact: e-mail, phone and chat, business hours, and a message form. Contact
// Sales on the landing and plans pages leads here.
import { ContactSupportForm } from '../../features/help/contact-support-form.tsx'
import { BusinessHoursTable } from '../../features/marketing/business-hours-table.tsx'
import { ContactChannels } from '../../features/marketing/contact-channels.tsx'
import { PageIntro } from '../../features/marketing/page-intro.tsx'
import { useSupportContact } from '../../features/help/use-support-contact.ts'
import { useDocumentTitle } from '../../layout/use-document-title.ts'
import '../../features/marketing/marketing.css'
import '../../features/marketing/static-page.css'

export function ContactPage() {
  useDocumentTitle('Contact us')
  const contact = useSupportContact()
  return (
    <div className="marketing static-page">
      <PageIntro eyebrow="Contact" title="Contact us">
        <p>
          Questions about AgentDesk, a custom plan for your business, or help with your account: our team is here for
          you.
        </p>
      </PageIntro>
      <div className="static-page__narrow static-page__narrow--wide">
        <ContactChannels {...contact} />
        <div className="contact-layout">
          {contact.email ? (
            <section className="contact-panel" aria-labelledby="contact-form-title">
              <h2 id="contact-form-title">Send us a message</h2>
              <ContactSupportForm recipient={contact.email} />
            </section>
          ) : null}
          <section className="contact-panel" aria-label="Business hours">
            <BusinessHoursTable />
          </section>
        </div>
      </div>
    </div>
  )
}
