// A message's text as React nodes: lists as lists, bold as bold; links open in a new tab without access
// to this page; citations point at their source (its page when it has one) and name it on hover and for
// screen readers.
import type { Source } from '../conversations/conversation.types.ts'
import { messageBlocks, messageSegments, safeHttpUrl } from './message-segments.ts'

export function MessageText({ text, sources = [] }: { text: string; sources?: Source[] }) {
  return (
    <div className="message-text">
      {messageBlocks(text).map((block, index) => {
        if (block.kind === 'lines')
          return (
            <span key={index} className="message-text__lines">
              <InlineText text={block.text} sources={sources} />
            </span>
          )
        const List = block.ordered ? 'ol' : 'ul'
        return (
          <List key={index} className="message-text__list">
            {block.items.map((item, itemIndex) => (
              <li key={itemIndex}>
                <InlineText text={item} sources={sources} />
              </li>
            ))}
          </List>
        )
      })}
    </div>
  )
}

function InlineText({ text, sources }: { text: string; sources: Source[] }) {
  return (
    <>
      {messageSegments(text).map((segment, index) => {
        if (segment.kind === 'text') return <span key={index}>{segment.text}</span>
        if (segment.kind === 'bold') return <strong key={index}>{segment.text}</strong>
        if (segment.kind === 'link')
          return (
            <a key={index} href={segment.url} target="_blank" rel="noopener noreferrer nofollow">
              {segment.text}
            </a>
          )
        const source = sources.find((candidate) => candidate.number === segment.number)
        if (!source) return <span key={index}>[{segment.number}]</span>
        const label = `Source ${segment.number}: ${source.title ?? 'Untitled'}${source.page ? `, page ${source.page}` : ''}`
        const url = source.url ? safeHttpUrl(source.url) : null
        return url ? (
          <a
            key={index}
            className="citation"
            href={url}
            target="_blank"
            rel="noopener noreferrer nofollow"
            title={label}
            aria-label={label}
            data-testid="citation"
          >
            {segment.number}
          </a>
        ) : (
          <span key={index} className="citation" title={label} aria-label={label} data-testid="citation" tabIndex={0}>
            {segment.number}
          </span>
        )
      })}
    </>
  )
}
