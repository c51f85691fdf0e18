import { describe, expect, it } from 'vitest'
import { matchesHelpSearch } from './match-help-search.ts'

describe('the help center search', () => {
  it('matches everything while the box is empty or blank', () => {
    expect(matchesHelpSearch('', ['anything'])).toBe(true)
    expect(matchesHelpSearch('   ', ['anything'])).toBe(true)
  })

  it('needs every word typed, in any of the texts, whatever the case', () => {
    expect(matchesHelpSearch('Embed CODE', ['How do I integrate?', 'Copy the embed code'])).toBe(true)
    expect(matchesHelpSearch('embed invoice', ['Copy the embed code'])).toBe(false)
  })
})
