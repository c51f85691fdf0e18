import { MARKETING_FIGURES } from './marketing-figures.ts'

/** The four marketing figures as a description list: each figure described by its label. */
export function FiguresStrip() {
  return (
    <section className="figures" aria-label="AgentDesk in figures">
      <dl className="figures__list">
        {MARKETING_FIGURES.map((figure) => (
          <div key={figure.label} className="figures__item">
            <dt className="figures__label">{figure.label}</dt>
            <dd className="figures__value">{figure.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  )
}
