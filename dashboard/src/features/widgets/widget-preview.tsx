// The live preview (SPEC section 2): a mock website with the launcher in the chosen corner and the
// chat window open beside it, redrawn as the form changes. It is a picture, not a second widget: the
// composer is drawn, not typed into. The colour reaches the style only once it is a valid hex colour.
import type { CSSProperties } from 'react'
import { normaliseDomain } from '#server/widgets/widgets.schemas.ts'
import { safeColor } from './safe-color.ts'
import type { WidgetFormValues } from './widget-form-values.ts'
import './widget-preview.css'

export interface WidgetPreviewProps {
  values: WidgetFormValues
  logoUrl: string | null
  agentName: string | null
}

export function WidgetPreview({ values, logoUrl, agentName }: WidgetPreviewProps) {
  const botName = values.botName.trim() || 'Assistant'
  const style = { '--preview-color': safeColor(values.primaryColor) } as CSSProperties
  return (
    <figure className="widget-preview" style={style} aria-label="Live preview of the chat widget">
      <div className="widget-preview__bar" aria-hidden="true">
        <span className="widget-preview__dot" />
        <span className="widget-preview__dot" />
        <span className="widget-preview__dot" />
        <span className="widget-preview__address">
          {normaliseDomain(values.website_domain) ?? (values.website_domain.trim() || 'your-website.com')}
        </span>
      </div>
      <div
        className={`widget-preview__site widget-preview__site--${values.position}`}
        data-testid="widget-preview"
        data-position={values.position}
      >
        <div className="widget-preview__page" aria-hidden="true">
          <strong className="widget-preview__site-name">{values.website_name.trim() || 'Your website'}</strong>
          <span className="widget-preview__line" />
          <span className="widget-preview__line widget-preview__line--short" />
          <span className="widget-preview__block" />
        </div>
        <div className="widget-preview__window">
          <div className="widget-preview__header">
            {logoUrl ? (
              <img className="widget-preview__logo" src={logoUrl} alt="" />
            ) : (
              <span className="widget-preview__avatar">{botName.charAt(0).toUpperCase()}</span>
            )}
            <span className="widget-preview__titles">
              <span className="widget-preview__bot" data-testid="widget-preview-bot-name">
                {botName}
              </span>
              <span className="widget-preview__agent">{agentName ? `Agent: ${agentName}` : 'No agent selected'}</span>
            </span>
          </div>
          <div className="widget-preview__log">
            <p className="widget-preview__message" data-testid="widget-preview-message">
              {values.start_message}
            </p>
          </div>
          {values.collectUserEmail && <div className="widget-preview__email">Your e-mail address</div>}
          <div className="widget-preview__composer" aria-hidden="true">
            {values.enableAttachments && (
              <svg className="widget-preview__attach" viewBox="0 0 24 24" width="16" height="16" focusable="false">
                <path
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="2"
                  strokeLinecap="round"
                  d="M21 11.5 12.5 20a5 5 0 0 1-7-7L14 4.5a3.5 3.5 0 0 1 5 5L10.5 18a2 2 0 0 1-3-3l8-8"
                />
              </svg>
            )}
            <span className="widget-preview__input">Message {botName}...</span>
            <span className="widget-preview__send">Send</span>
          </div>
          {values.showBranding && <div className="widget-preview__brand">Powered by AgentDesk</div>}
        </div>
        <span className="widget-preview__launcher" data-testid="widget-preview-launcher" aria-hidden="true">
          <svg viewBox="0 0 24 24" width="24" height="24" focusable="false">
            <path fill="currentColor" d="M4 4h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H8l-4 4V6a2 2 0 0 1 2-2Z" />
          </svg>
        </span>
      </div>
      <figcaption className="visually-hidden">
        {values.autoOpen ? 'The chat opens by itself' : 'The chat opens when the launcher is clicked'}, in the{' '}
        {values.position.replace('-', ' ')} corner.
      </figcaption>
    </figure>
  )
}
