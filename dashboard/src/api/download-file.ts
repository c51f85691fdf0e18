// A file the API writes (an export): fetched with the session's token, then handed to the browser as a
// download. In demo mode there is no file to get.
import type { ApiClient } from './api-client.ts'

export interface DownloadFileOptions {
  path: string
  query: Record<string, string | undefined>
  fileName: string
  type: string
}

export async function downloadFile(client: ApiClient, { path, query, fileName, type }: DownloadFileOptions) {
  const { text } = await client.request<{ text?: string }>(path, { query, accept: 'text' })
  if (text === undefined) throw new Error('There is nothing to export in demo mode.')
  const url = URL.createObjectURL(new Blob([text], { type }))
  Object.assign(document.createElement('a'), { href: url, download: fileName }).click()
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}
