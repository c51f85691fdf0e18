import { once } from 'node:events'
import type { Response } from 'express'

/**
 * Sends a CSV download: the header line, then each line of `lines` as the client reads (a slow reader
 * pauses the reading, one that left stops it). The first line is read before anything is sent, so a
 * refusal (404, 403) still answers as JSON.
 */
export interface CsvDownload {
  /** The name the browser saves it under. */
  fileName: string
  /** The header line, with its line break. */
  header: string
  /** The data lines, read as the client reads. */
  lines: AsyncIterator<string>
}

export async function sendCsv(res: Response, { fileName, header, lines }: CsvDownload) {
  const first = await lines.next()
  res.setHeader('Content-Type', 'text/csv; charset=utf-8')
  res.setHeader('Content-Disposition', `attachment; filename="${fileName}"`)
  res.setHeader('Cache-Control', 'no-store')
  const send = async (text: string) => {
    if (!res.write(text)) await once(res, 'drain')
  }
  await send(header)
  if (!first.done) await send(first.value)
  for (let next = await lines.next(); !next.done && !res.destroyed; next = await lines.next()) await send(next.value)
  await lines.return?.()
  res.end()
}
