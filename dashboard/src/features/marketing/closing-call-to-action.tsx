import { Link } from 'react-router'

export function ClosingCallToAction() {
  return (
    <section className="closing-cta" aria-labelledby="closing-title">
      <h2 id="closing-title">Put an AI agent on your website today</h2>
      <p>14-day free trial. No card needed. Cancel whenever you like.</p>
      <div className="hero__actions hero__actions--center">
        <Link to="/auth?tab=signup" className="public-button marketing-button--large marketing-button--light">
          Get Started
        </Link>
        <Link to="/demo" className="public-button marketing-button--large marketing-button--ghost">
          Live Demo Video
        </Link>
      </div>
    </section>
  )
}
