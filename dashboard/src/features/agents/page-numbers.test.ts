import { describe, expect, it } from 'vitest'
import { pageNumbers } from './page-numbers.ts'

describe('the agents list pagination', () => {
  it('shows every page when there are few', () => {
    expect(pageNumbers(2, 3)).toEqual([1, 2, 3])
  })
  it('shows first, last, the current page ±1 and ellipses for the gaps', () => {
    expect(pageNumbers(5, 10)).toEqual([1, 'ellipsis', 4, 5, 6, 'ellipsis', 10])
    expect(pageNumbers(1, 10)).toEqual([1, 2, 'ellipsis', 10])
    expect(pageNumbers(10, 10)).toEqual([1, 'ellipsis', 9, 10])
  })
  it('shows nothing without pages and one page alone', () => {
    expect(pageNumbers(1, 0)).toEqual([])
    expect(pageNumbers(1, 1)).toEqual([1])
  })
})
