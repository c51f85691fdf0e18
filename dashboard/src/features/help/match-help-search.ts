// The help center's search box narrows the FAQ and the resources to those containing every word typed.

const wordsOf = (text: string) => text.toLocaleLowerCase().split(/\s+/).filter(Boolean)

/** True when every word of the query appears in one of the texts (an empty query matches everything). */
export function matchesHelpSearch(query: string, texts: string[]): boolean {
  const haystack = texts.join(' ').toLocaleLowerCase()
  return wordsOf(query).every((word) => haystack.includes(word))
}
