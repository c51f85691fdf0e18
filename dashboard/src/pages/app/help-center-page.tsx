// SPEC section 2, route /app/help: the help center inside the signed-in area (features/help).
import { Page } from '@shopify/polaris'
import { HelpCenter } from '../../features/help/help-center.tsx'
import { useSupportContact } from '../../features/help/use-support-contact.ts'
import { useDocumentTitle } from '../../layout/use-document-title.ts'

export function HelpCenterPage() {
  useDocumentTitle('Help Center')
  return (
    <Page title="Help Center" subtitle="Answers, guides and a direct line to our support team.">
      <HelpCenter contact={useSupportContact()} />
    </Page>
  )
}
