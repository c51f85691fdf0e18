// SPEC section 2, route /demo: the product demo. The repository holds no video and the page may not
// download one, so the demo is a drawn, animated walkthrough of the four steps (features/marketing).
import { Link } from 'react-router'
import { DemoWalkthrough } from '../../features/marketing/demo-walkthrough.tsx'
import { PageIntro } from '../../features/marketing/page-intro.tsx'
import { useDocumentTitle } from '../../layout/use-document-title.ts'
import '../../features/marketing/marketing.css'
import '../../features/marketing/static-page.css'

export function DemoPage() {
  useDocumentTitle('Live demo')
  return (
    <div className="marketing static-page">
      <PageIntro eyebrow="Live demo" title="See AgentDesk in action">
        <p>
          Four steps from an empty account to a chat widget answering on your website. The walkthrough plays by itself
          and has no sound; pause it or pick a step whenever you like.
        </p>
      </PageIntro>
      <div className="static-page__wide">
        <DemoWalkthrough />
      </div>
      <section className="static-page__cta" aria-labelledby="demo-next-title">
        <h2 id="demo-next-title">Build your own agent</h2>
        <p>14-day free trial, no card needed. Your first agent takes a few minutes.</p>
        <div className="hero__actions hero__actions--center">
          <Link to="/auth?tab=signup" className="public-button marketing-button--large">
            Get Started
          </Link>
          <Link to="/app/plans" className="public-button public-button--secondary marketing-button--large">
            Plans
          </Link>
        </div>
      </section>
    </div>
  )
}
