// SPEC section 2, route /: the landing page. Its pieces live in features/marketing.
import { ClosingCallToAction } from '../../features/marketing/closing-call-to-action.tsx'
import { FeatureGrid } from '../../features/marketing/feature-grid.tsx'
import { FiguresStrip } from '../../features/marketing/figures-strip.tsx'
import { HeroSection } from '../../features/marketing/hero-section.tsx'
import { PlansTeaser } from '../../features/marketing/plans-teaser.tsx'
import { StepsOverview } from '../../features/marketing/steps-overview.tsx'
import { useDocumentTitle } from '../../layout/use-document-title.ts'
import '../../features/marketing/marketing.css'

export function LandingPage() {
  useDocumentTitle('AI chat agents for 24/7 customer support')
  return (
    <div className="marketing">
      <HeroSection />
      <FiguresStrip />
      <FeatureGrid />
      <StepsOverview />
      <PlansTeaser />
      <ClosingCallToAction />
    </div>
  )
}
