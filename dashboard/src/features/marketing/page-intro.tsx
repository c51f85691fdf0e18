import type { ReactNode } from 'react'

/** The top of a public page: an eyebrow, the page's one h1 and a lead paragraph. */
export function PageIntro({ eyebrow, title, children }: { eyebrow: string; title: string; children?: ReactNode }) {
  return (
    <header className="page-intro">
      <p className="eyebrow">{eyebrow}</p>
      <h1>{title}</h1>
      {children ? <div className="page-intro__lead">{children}</div> : null}
    </header>
  )
}
