export type DocumentFormat = 'pdf' | 'docx' | 'txt' | 'csv' | 'json'

export const ALLOWED_FORMATS: DocumentFormat[] = ['pdf', 'docx', 'txt', 'csv', 'json']

export const MIME_TYPES: Record<DocumentFormat, string> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  txt: 'text/plain; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  json: 'application/json',
}

function isUtf8Text(bytes: Buffer) {
  if (bytes.includes(0)) return false
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes)
    return true
  } catch {
    return false
  }
}

const isZip = (bytes: Buffer) =>
  bytes.length > 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04
// A .docx is a zip whose directory names word/document.xml; the name shows in the local headers.
const isDocx = (bytes: Buffer) => isZip(bytes) && bytes.includes(Buffer.from('word/'))

/**
 * The format of an upload, judged by the name's extension and confirmed by the content: a PDF must
 * start like one, a Word file must be a .docx zip, text formats must be UTF-8 text. null when the two
 * disagree or the format is not one we read.
 */
export function detectDocumentFormat(bytes: Buffer, fileName: string): DocumentFormat | null {
  const extension = fileName.toLowerCase().split('.').pop() ?? ''
  if (extension === 'pdf') return bytes.subarray(0, 1024).includes(Buffer.from('%PDF-')) ? 'pdf' : null
  if (extension === 'docx') return isDocx(bytes) ? 'docx' : null
  if (extension === 'txt' || extension === 'csv' || extension === 'json') return isUtf8Text(bytes) ? extension : null
  return null
}
