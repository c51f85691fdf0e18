// SPEC section 2, route /terms: a static policy page; its text is in features/marketing/terms-of-service.ts.
import { PolicyArticle } from '../../features/marketing/policy-article.tsx'
import { TERMS_OF_SERVICE } from '../../features/marketing/terms-of-service.ts'
import { useDocumentTitle } from '../../layout/use-document-title.ts'

export function TermsPage() {
  useDocumentTitle(TERMS_OF_SERVICE.title)
  return <PolicyArticle document={TERMS_OF_SERVICE} />
}
