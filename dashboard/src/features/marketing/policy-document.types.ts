/** A paragraph, or a bulleted list. */
export type PolicyBlock = string | { list: string[] }

interface PolicySection {
  id: string
  heading: string
  body: PolicyBlock[]
}

/** A policy page's text, kept as data so the pages share one readable layout. */
export interface PolicyDocument {
  eyebrow: string
  title: string
  /** Human-readable date of the last change. */
  updated: string
  summary: string
  /** The key points, shown in a box before the full text. */
  highlights?: string[]
  sections: PolicySection[]
}
