import { Link } from 'react-router'

/** Points to the plans and to sales; prices live on the plans page only, so they are never out of date here. */
export function PlansTeaser() {
  return (
    <section className="marketing-section" aria-labelledby="plans-title">
      <div className="plans-teaser">
        <div>
          <p className="eyebrow">Pricing</p>
          <h2 id="plans-title">Monthly plans that grow with you</h2>
          <p>
            Every plan sets clear monthly limits on conversations, messages, tokens, widgets, team members and agents.
            Start with the 14-day free trial, then pick the plan that fits; change or cancel at any time.
          </p>
        </div>
        <div className="plans-teaser__actions">
          <Link to="/app/plans" className="public-button marketing-button--large">
            Plans
          </Link>
          <Link to="/contact" className="public-button public-button--secondary marketing-button--large">
            Contact Sales
          </Link>
        </div>
      </div>
    </section>
  )
}
