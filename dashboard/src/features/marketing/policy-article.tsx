// The layout of the policy pages (privacy, terms, security, refund): title, date, key points, a table
// of contents, the sections, and where to ask questions.
import { Link } from 'react-router'
import { useSupportContact } from '../help/use-support-contact.ts'
import { PageIntro } from './page-intro.tsx'
import type { PolicyBlock, PolicyDocument } from './policy-document.types.ts'
import './marketing.css'
import './static-page.css'

export function PolicyArticle({ document }: { document: PolicyDocument }) {
  const { email } = useSupportContact()
  return (
    <div className="marketing static-page">
      <PageIntro eyebrow={document.eyebrow} title={document.title}>
        <p>{document.summary}</p>
        <p className="page-intro__meta">Last updated: {document.updated}</p>
      </PageIntro>
      <div className="policy">
        <nav className="policy__contents" aria-label="On this page">
          <p className="policy__contents-title">On this page</p>
          <ol>
            {document.sections.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`}>{section.heading}</a>
              </li>
            ))}
          </ol>
        </nav>
        <article className="policy__text">
          {document.highlights ? (
            <aside className="policy__highlights" aria-labelledby="policy-highlights">
              <h2 id="policy-highlights">In short</h2>
              <ul>
                {document.highlights.map((highlight) => (
                  <li key={highlight}>{highlight}</li>
                ))}
              </ul>
            </aside>
          ) : null}
          {document.sections.map((section) => (
            <section
              key={section.id}
              id={section.id}
              aria-labelledby={`${section.id}-title`}
              className="policy__section"
            >
              <h2 id={`${section.id}-title`}>{section.heading}</h2>
              {section.body.map((block, index) => (
                <PolicyBlockView key={index} block={block} />
              ))}
            </section>
          ))}
          <p className="policy__questions">
            Questions about this page?{' '}
            {email ? (
              <>
                Write to <a href={`mailto:${email}`}>{email}</a>; we answer within 24 hours.
              </>
            ) : (
              <>
                See how to <Link to="/contact">contact us</Link>.
              </>
            )}
          </p>
        </article>
      </div>
    </div>
  )
}

function PolicyBlockView({ block }: { block: PolicyBlock }) {
  if (typeof block === 'string') return <p>{block}</p>
  return (
    <ul>
      {block.list.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  )
}
