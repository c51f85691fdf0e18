// SPEC section 4: a visitor sent to /auth from a guarded page returns there after signing in (Google
// sign-in included); otherwise to /app/dashboard.

const KEY = 'redirect_after_login'
export const DEFAULT_LANDING = '/app/dashboard'

export interface PathStorage {
  getItem(key: string): string | null
  setItem(key: string, value: string): void
  removeItem(key: string): void
}

/** Remembers a guarded path; only paths inside /app, so the value can never send anyone elsewhere. */
export function rememberPath(storage: PathStorage, path: string): void {
  if (isAppPath(path)) storage.setItem(KEY, path)
}

/** Where to go after signing in, forgetting it on the way. */
export function takeLanding(storage: PathStorage): string {
  const remembered = storage.getItem(KEY)
  storage.removeItem(KEY)
  return remembered && isAppPath(remembered) ? remembered : DEFAULT_LANDING
}

function isAppPath(path: string): boolean {
  return /^\/app(\/|$|\?)/.test(path) && !path.startsWith('//') && !path.includes('\\')
}
