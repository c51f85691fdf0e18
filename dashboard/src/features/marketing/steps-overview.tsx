import { Link } from 'react-router'
import { PRODUCT_STEPS } from './product-steps.ts'

/** "How it works": the four steps, with a way to watch them replayed on /demo. */
export function StepsOverview() {
  return (
    <section className="marketing-section marketing-section--tinted" aria-labelledby="steps-title">
      <div className="section-heading">
        <p className="eyebrow">How it works</p>
        <h2 id="steps-title">From your documents to a live chat widget in four steps</h2>
      </div>
      <ol className="steps-overview">
        {PRODUCT_STEPS.map((step, index) => (
          <li key={step.id} className="steps-overview__item">
            <span className="steps-overview__number" aria-hidden="true">
              {index + 1}
            </span>
            <h3>{step.title}</h3>
            <p>{step.summary}</p>
          </li>
        ))}
      </ol>
      <p className="section-footer">
        <Link to="/demo" className="text-link">
          Watch the four steps in the live demo →
        </Link>
      </p>
    </section>
  )
}
