// SPEC section 2, route /refund: a static policy page; its text is in features/marketing/refund-policy.ts.
import { PolicyArticle } from '../../features/marketing/policy-article.tsx'
import { REFUND_POLICY } from '../../features/marketing/refund-policy.ts'
import { useDocumentTitle } from '../../layout/use-document-title.ts'

export function RefundPage() {
  useDocumentTitle(REFUND_POLICY.title)
  return <PolicyArticle document={REFUND_POLICY} />
}
