// For screens whose loader reads little or nothing from the query string: a changed tab, filter or page
// (kept in the address) does not call the loader again, unless it is one of the parameters the loader
// reads. Forms, other screens and an explicit revalidate() still do.
import type { ShouldRevalidateFunction } from 'react-router'

export function revalidateOnPathChange(...parametersTheLoaderReads: string[]): ShouldRevalidateFunction {
  return ({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }) => {
    const onlyQueryChanged = currentUrl.pathname === nextUrl.pathname && currentUrl.search !== nextUrl.search
    const readChanged = parametersTheLoaderReads.some(
      (name) => currentUrl.searchParams.get(name) !== nextUrl.searchParams.get(name),
    )
    return !formMethod && onlyQueryChanged && !readChanged ? false : defaultShouldRevalidate
  }
}
