// A file the API writes (an export): fetched with the session's token through a route that accepts
// text, then handed to the browser as a download. In demo mode there is no file to get.

export interface DownloadFileOptions {
  /** The call of an export route (accept: 'text'). */
  read(): Promise<{ text?: string }>
  fileName: string
  type: string
}

export async function downloadFile({ read, fileName, type }: DownloadFileOptions) {
  const { text } = await read()
  if (text === undefined) throw new Error('There is nothing to export in demo mode.')
  const url = URL.createObjectURL(new Blob([text], { type }))
  Object.assign(document.createElement('a'), { href: url, download: fileName }).click()
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}
