// The landing page's opening: the pitch of SPEC section 1 and the buttons of its route table.
import { Link } from 'react-router'
import { ChatPreview } from './chat-preview.tsx'

export function HeroSection() {
  return (
    <section className="hero" aria-labelledby="hero-title">
      <div className="hero__text">
        <p className="eyebrow">AI chat agents for your business</p>
        <h1 id="hero-title" className="hero__title">
          Support your customers <span className="hero__accent">24/7</span>, in their language
        </h1>
        <p className="hero__lead">
          Train an AI agent on your documents, texts and website. It answers in over 95 languages with smart chat, and
          analytics show you what your customers ask.
        </p>
        <div className="hero__actions">
          <Link to="/auth?tab=signup" className="public-button marketing-button--large">
            Get Started
          </Link>
          <Link to="/demo" className="public-button public-button--secondary marketing-button--large">
            <PlayGlyph />
            Live Demo Video
          </Link>
        </div>
        <ul className="hero__assurances" aria-label="Free trial">
          <li>14-day free trial</li>
          <li>No card needed</li>
          <li>
            Already a customer? <Link to="/auth">Log in</Link>
          </li>
        </ul>
      </div>
      <ChatPreview />
    </section>
  )
}

function PlayGlyph() {
  return (
    <svg className="button-glyph" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
      <circle cx="10" cy="10" r="9" fill="none" stroke="currentColor" strokeWidth="1.6" />
      <path d="M8 6.5v7l5.5-3.5z" fill="currentColor" />
    </svg>
  )
}
