import { describe, expect, it } from 'vitest'
import { htmlToPlainText } from './html-to-plain-text.ts'

describe('store HTML as plain text', () => {
  it('keeps blocks as lines and list items with a dash, drops scripts and styles', () => {
    const html = '<h2>Care</h2><p>Wash  cold,\n dry <em>flat</em>.</p><ul><li>Cotton</li><li>Made in <b>Portugal</b></li></ul><script>alert(1)</script><style>p{}</style>Line<br>break'
    expect(htmlToPlainText(html)).toBe('Care\nWash cold, dry flat.\n- Cotton\n- Made in Portugal\nLine\nbreak')
  })

  it('an empty description is empty text', () => {
    expect(htmlToPlainText('')).toBe('')
    expect(htmlToPlainText('<p> </p>')).toBe('')
  })
})
