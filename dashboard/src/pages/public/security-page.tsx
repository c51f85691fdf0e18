// SPEC section 2, route /security: a static policy page; its text is in features/marketing/security-overview.ts.
import { PolicyArticle } from '../../features/marketing/policy-article.tsx'
import { SECURITY_OVERVIEW } from '../../features/marketing/security-overview.ts'
import { useDocumentTitle } from '../../layout/use-document-title.ts'

export function SecurityPage() {
  useDocumentTitle(SECURITY_OVERVIEW.title)
  return <PolicyArticle document={SECURITY_OVERVIEW} />
}
