// SPEC section 2, route /about: who we are and what we believe, with the landing page's figures.
import { Link } from 'react-router'
import { FiguresStrip } from '../../features/marketing/figures-strip.tsx'
import { PageIntro } from '../../features/marketing/page-intro.tsx'
import { useDocumentTitle } from '../../layout/use-document-title.ts'
import '../../features/marketing/marketing.css'
import '../../features/marketing/static-page.css'

const PRINCIPLES = [
  {
    title: 'Answers from your knowledge',
    text: 'An agent should say what your documents say, show where it found it, and admit when it does not know, rather than make something up.',
  },
  {
    title: 'Your data stays yours',
    text: 'We use your documents and conversations only to run your agents. We never sell them and never train AI models on them.',
  },
  {
    title: 'Every customer, every language',
    text: 'Customers should be answered at any hour and in their own language, whether they write in Arabic, English, French or any of over 95 languages.',
  },
  {
    title: 'Simple enough for anyone',
    text: 'No code and no data science: if you can upload a document and paste one line into your website, you can run an AI agent.',
  },
]

export function AboutPage() {
  useDocumentTitle('About us')
  return (
    <div className="marketing static-page">
      <PageIntro eyebrow="About us" title="We help businesses answer every customer">
        <p>
          AgentDesk turns the knowledge a business already has into AI chat agents that support its customers 24/7, in
          their language.
        </p>
      </PageIntro>
      <div className="static-page__narrow">
        <section className="static-page__section" aria-labelledby="story-title">
          <h2 id="story-title">Why AgentDesk</h2>
          <p>
            Customers ask the same questions again and again: where is my order, can I return this, do you deliver to my
            city, how do I reset my password. The answers are already written down, in policies, manuals, product pages
            and help articles, but customers cannot find them, and support teams cannot be awake around the clock.
          </p>
          <p>
            AgentDesk reads those documents, texts and web pages and lets an AI agent answer from them, in the dashboard
            and in a chat widget on your website or online store. Your team keeps the hard conversations; the agent
            handles the rest, day and night.
          </p>
        </section>
        <section className="static-page__section" aria-labelledby="principles-title">
          <h2 id="principles-title">What we believe</h2>
          <ul className="info-grid info-grid--two">
            {PRINCIPLES.map((principle) => (
              <li key={principle.title} className="info-card">
                <h3>{principle.title}</h3>
                <p>{principle.text}</p>
              </li>
            ))}
          </ul>
        </section>
      </div>
      <div className="about-figures">
        <FiguresStrip />
      </div>
      <section className="static-page__cta" aria-labelledby="about-cta-title">
        <h2 id="about-cta-title">Let’s talk</h2>
        <p>Want to see whether AgentDesk fits your business? Start a free trial or ask our team.</p>
        <div className="hero__actions hero__actions--center">
          <Link to="/auth?tab=signup" className="public-button marketing-button--large">
            Get Started
          </Link>
          <Link to="/contact" className="public-button public-button--secondary marketing-button--large">
            Contact us
          </Link>
        </div>
      </section>
    </div>
  )
}
