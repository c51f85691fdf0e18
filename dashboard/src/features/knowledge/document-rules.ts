// SPEC sections 5 and 8, document upload: the client's checks before sending, and the words of a
// refused upload.
import { ApiError } from '../../api/api-error.ts'

/** The file input's accept list (SPEC section 5). */
export const DOCUMENT_EXTENSIONS = ['.pdf', '.docx', '.txt', '.csv', '.json']
const DOCUMENT_MAX_BYTES = 50 * 1024 * 1024

export interface FileProblem {
  title: string
  message: string
}

export function checkDocumentFile(file: File): FileProblem | null {
  const name = file.name.toLowerCase()
  if (!DOCUMENT_EXTENSIONS.some((extension) => name.endsWith(extension))) {
    return {
      title: 'Invalid file type',
      message: 'Please upload PDF, Word documents, text files, CSV, or JSON files only.',
    }
  }
  if (file.size > DOCUMENT_MAX_BYTES)
    return { title: 'File too large', message: 'Please upload files smaller than 50MB.' }
  return null
}

const listOf = (value: unknown) => (Array.isArray(value) ? value.map(String).join(', ') : String(value))

/** The server's details come first (they say exactly what was wrong), then the status, then the connection. */
function uploadFailureMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return error instanceof Error ? error.message : 'Upload failed'
  const body = error.body ?? {}
  if (body.missing_fields !== undefined) return `Missing required fields: ${listOf(body.missing_fields)}`
  if (body.allowed_formats !== undefined) return `Invalid file format. Allowed formats: ${listOf(body.allowed_formats)}`
  if (body.max_size_mb !== undefined) return `File too large. Maximum size: ${String(body.max_size_mb)}MB`
  if (error.status === 413) return 'File is too large. Please upload files smaller than 50MB.'
  if (error.status === 415)
    return 'File type not supported. Please upload PDF, Word documents, text files, CSV, or JSON files only.'
  if (error.status === 403) return 'You do not have permission to upload documents to this agent.'
  if (error.code === 'TIMEOUT') return 'Upload timed out. Please try again with a smaller file.'
  if (error.code === 'NETWORK_ERROR') return 'Unable to connect to server. Please check your connection and try again.'
  return error.message
}

/** The same error with the upload's words, so the one mutation toast shows them. */
export function asUploadFailure(error: unknown): unknown {
  if (!(error instanceof ApiError)) return error
  return new ApiError(error.status, error.code, error.title, uploadFailureMessage(error), error.body)
}
