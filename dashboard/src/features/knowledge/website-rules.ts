// SPEC section 8, website add: the words of a refused website, by status.
import { ApiError } from '../../api/api-error.ts'

const BY_STATUS: Record<number, string> = {
  400: 'Invalid website URL or data. Please check the address and try again.',
  403: 'Access denied. You do not have permission to add websites to this agent.',
  500: 'Server error while adding website. Please try again later.',
  502: 'Server temporarily unavailable (502). Please try again in a few minutes.',
}

/** The same error with the SPEC's words for its status, so the one mutation toast shows them. */
export function asAddWebsiteFailure(error: unknown): unknown {
  if (!(error instanceof ApiError)) return error
  const message = BY_STATUS[error.status]
  return message ? new ApiError(error.status, error.code, error.title, message, error.body) : error
}

/** "example.com/help" means https://example.com/help: people rarely type the scheme. */
export function withScheme(url: string): string {
  const trimmed = url.trim()
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`
}
