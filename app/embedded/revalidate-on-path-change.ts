// For screens whose loader reads nothing from the query string: a changed tab, agent or filter (kept in
// the address) does not call the loader again. Forms, other screens and an explicit revalidate() still do.
import type { ShouldRevalidateFunction } from 'react-router'

export const revalidateOnPathChange: ShouldRevalidateFunction = ({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }) => {
  const onlyQueryChanged = currentUrl.pathname === nextUrl.pathname && currentUrl.search !== nextUrl.search
  return !formMethod && onlyQueryChanged ? false : defaultShouldRevalidate
}
