import { Icon } from '@shopify/polaris'
import { PRODUCT_FEATURES } from './product-features.ts'

export function FeatureGrid() {
  return (
    <section className="marketing-section" aria-labelledby="features-title">
      <div className="section-heading">
        <p className="eyebrow">Features</p>
        <h2 id="features-title">Everything your support desk needs, in one agent</h2>
        <p>Set it up in an afternoon. It keeps answering while you sleep.</p>
      </div>
      <ul className="feature-grid">
        {PRODUCT_FEATURES.map((feature) => (
          <li key={feature.title} className="feature-card">
            <span className="feature-card__icon">
              <Icon source={feature.icon} />
            </span>
            <h3>{feature.title}</h3>
            <p>{feature.description}</p>
          </li>
        ))}
      </ul>
    </section>
  )
}
