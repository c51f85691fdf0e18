// SPEC section 2, Widget configuration (/app/widget): the feature inside an error boundary (section 8).
import { Page } from '@shopify/polaris'
import { WidgetConfiguration } from '../../features/widgets/widget-configuration.tsx'
import { WidgetErrorBoundary } from '../../features/widgets/widget-error-boundary.tsx'
import { useDocumentTitle } from '../../layout/use-document-title.ts'

export function WidgetPage() {
  useDocumentTitle('Widget')
  return (
    <Page
      title="Widget Configuration"
      subtitle="Create a chat widget for your website, preview it and copy its embed code."
      fullWidth
    >
      <WidgetErrorBoundary>
        <WidgetConfiguration />
      </WidgetErrorBoundary>
    </Page>
  )
}
