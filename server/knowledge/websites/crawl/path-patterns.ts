// '/docs/*' matches /docs/a and /docs/a/b; '*' anywhere matches any characters; '?' one character.
function globToRegExp(pattern: string) {
  const escaped = pattern
    .replace(/[.+^${}()|[\]\\]/g, '\\$&')
    .replace(/\*/g, '.*')
    .replace(/\?/g, '.')
  return new RegExp(`^${escaped}$`)
}

/** Whether a URL's path is inside the include patterns (all paths when none) and outside the excludes. */
export function createPathFilter(include: string[], exclude: string[]) {
  const includes = include.map(globToRegExp)
  const excludes = exclude.map(globToRegExp)
  return (url: URL) => {
    const path = url.pathname
    if (includes.length > 0 && !includes.some((pattern) => pattern.test(path))) return false
    return !excludes.some((pattern) => pattern.test(path))
  }
}
