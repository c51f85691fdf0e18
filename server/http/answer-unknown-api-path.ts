import type { RequestHandler } from 'express'
import { AppError } from '../errors/app-error.ts'

/** Under /api nothing falls through to the dashboard: an unknown path is a JSON 404 (also the app's last stop). */
export const answerUnknownApiPath: RequestHandler = (req) => {
  throw new AppError('NOT_FOUND', `No endpoint answers ${req.method} ${req.originalUrl.split('?')[0]}.`)
}
