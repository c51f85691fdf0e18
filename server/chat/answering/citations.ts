import type { SourceView } from '../../conversations/conversations.schemas.ts'
import type { Passage } from '../retrieval/passage.ts'

const SNIPPET_CHARACTERS = 240

function snippetOf(content: string): string {
  const flat = content.replace(/\s+/g, ' ').trim()
  if (flat.length <= SNIPPET_CHARACTERS) return flat
  const cut = flat.slice(0, SNIPPET_CHARACTERS)
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), SNIPPET_CHARACTERS - 40))}…`
}

/** The passage numbers an answer cites as [n] (also [1, 2] and [1][2]), first mention first, in range only. */
function citedNumbers(answer: string, passageCount: number): number[] {
  const numbers: number[] = []
  for (const match of answer.matchAll(/\[(\d{1,2}(?:\s*,\s*\d{1,2})*)\]/g)) {
    for (const part of (match[1] ?? '').split(',')) {
      const number = Number(part.trim())
      if (number >= 1 && number <= passageCount && !numbers.includes(number)) numbers.push(number)
    }
  }
  return numbers
}

/** The sources an answer cites, numbered as in the answer's own [n] markers. */
export function sourcesCited(answer: string, passages: Passage[]): SourceView[] {
  return citedNumbers(answer, passages.length).map((number) => {
    const passage = passages[number - 1] as Passage
    return {
      number,
      title: passage.title,
      url: passage.sourceUrl,
      source_type: passage.sourceType,
      document_id: passage.documentId,
      text_id: passage.textId,
      website_id: passage.websiteId,
      page: passage.pageNumber,
      snippet: snippetOf(passage.content),
    }
  })
}

/** The message's link: the first cited source that has a web address. */
export function messageLinkOf(sources: SourceView[]): string | null {
  return sources.find((source) => source.url)?.url ?? null
}
