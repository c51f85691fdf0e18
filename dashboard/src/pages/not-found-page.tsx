// SPEC section 2: any other path shows the 404 page.
import { Link } from 'react-router'
import { useDocumentTitle } from '../layout/use-document-title.ts'

export function NotFoundPage() {
  useDocumentTitle('Page not found')
  return (
    <main id="main" className="not-found" data-testid="not-found">
      <p className="not-found__code" aria-hidden="true">
        404
      </p>
      <h1>Oops! Page not found</h1>
      <p>The page you are looking for does not exist or has moved.</p>
      <Link to="/" className="public-button">
        Return to Home
      </Link>
    </main>
  )
}
