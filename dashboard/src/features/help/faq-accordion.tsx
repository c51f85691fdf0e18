// A single-open FAQ (SPEC section 2): opening a question closes the one that was open. It follows the
// WAI-ARIA accordion pattern: each question is a button in a heading, with aria-expanded and
// aria-controls; Up/Down/Home/End move between questions.
import { Icon } from '@shopify/polaris'
import { ChevronDownIcon } from '@shopify/polaris-icons'
import { useId, useRef, useState, type KeyboardEvent } from 'react'
import { Link } from 'react-router'
import type { FaqEntry } from './help-faq.ts'
import './faq-accordion.css'

interface FaqAccordionProps {
  entries: FaqEntry[]
  /** The heading level of the questions, so the list fits under the page's own headings. */
  headingLevel?: 2 | 3
}

export function FaqAccordion({ entries, headingLevel = 3 }: FaqAccordionProps) {
  const [openId, setOpenId] = useState<string | null>(null)
  const baseId = useId()
  const buttons = useRef<(HTMLButtonElement | null)[]>([])
  const Heading = headingLevel === 2 ? 'h2' : 'h3'

  const moveFocus = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const last = entries.length - 1
    const target = {
      ArrowDown: index === last ? 0 : index + 1,
      ArrowUp: index === 0 ? last : index - 1,
      Home: 0,
      End: last,
    }[event.key]
    if (target === undefined) return
    event.preventDefault()
    buttons.current[target]?.focus()
  }

  return (
    <div className="faq" data-testid="faq">
      {entries.map((entry, index) => {
        const isOpen = openId === entry.id
        const buttonId = `${baseId}-${entry.id}-question`
        const panelId = `${baseId}-${entry.id}-answer`
        return (
          <div key={entry.id} className={`faq__item${isOpen ? ' faq__item--open' : ''}`}>
            <Heading className="faq__heading">
              <button
                ref={(element) => {
                  buttons.current[index] = element
                }}
                type="button"
                id={buttonId}
                className="faq__question"
                aria-expanded={isOpen}
                aria-controls={panelId}
                onClick={() => setOpenId(isOpen ? null : entry.id)}
                onKeyDown={(event) => moveFocus(event, index)}
              >
                <span>{entry.question}</span>
                <span className="faq__chevron">
                  <Icon source={ChevronDownIcon} />
                </span>
              </button>
            </Heading>
            <div id={panelId} role="region" aria-labelledby={buttonId} className="faq__answer" hidden={!isOpen}>
              <p>{entry.answer}</p>
              {entry.link ? (
                <Link to={entry.link.to} className="faq__link">
                  {entry.link.label}
                </Link>
              ) : null}
            </div>
          </div>
        )
      })}
    </div>
  )
}
