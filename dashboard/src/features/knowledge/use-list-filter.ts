// The search box's text, the search the server is asked (after a 300 ms pause) and the page; a new
// search starts again from page 1.
import { useState } from 'react'
import type { ListFilter } from './knowledge.queries.ts'
import { useDebouncedValue } from '../../app/use-debounced-value.ts'

const SEARCH_DEBOUNCE_MS = 300

export function useListFilter() {
  const [searchText, setSearchText] = useState('')
  const [page, setPage] = useState(1)
  const search = useDebouncedValue(searchText.trim(), SEARCH_DEBOUNCE_MS)
  const [searchedFor, setSearchedFor] = useState(search)
  // Adjusted during render (React's pattern for state derived from a change), so no request for the old page goes out.
  if (searchedFor !== search) {
    setSearchedFor(search)
    setPage(1)
  }
  const filter: ListFilter = { search, page }
  return { searchText, setSearchText, filter, setPage }
}
