// SPEC section 2, route /privacy: a static policy page; its text is in features/marketing/privacy-policy.ts.
import { PolicyArticle } from '../../features/marketing/policy-article.tsx'
import { PRIVACY_POLICY } from '../../features/marketing/privacy-policy.ts'
import { useDocumentTitle } from '../../layout/use-document-title.ts'

export function PrivacyPage() {
  useDocumentTitle(PRIVACY_POLICY.title)
  return <PolicyArticle document={PRIVACY_POLICY} />
}
