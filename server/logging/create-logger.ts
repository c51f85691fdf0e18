import { pino, type DestinationStream, type Logger } from 'pino'
import type { Config } from '../config/config.schemas.ts'

// Paths whose values never reach a log line, whatever logs them.
const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-csrftoken"]',
  'res.headers["set-cookie"]',
  '*.password',
  '*.new_password',
  '*.old_password',
  '*.refresh_token',
  '*.access_token',
  '*.accessToken',
  '*.refreshToken',
  '*.token',
  '*.secret',
  '*.connectionString',
]

/** JSON lines on stdout, or on `destination` (tests read the lines back). */
export function createLogger(config: Pick<Config, 'LOG_LEVEL'>, destination?: DestinationStream): Logger {
  const options = { level: config.LOG_LEVEL, redact: { paths: REDACTED_PATHS, censor: '[redacted]' }, base: { service: 'agentdesk' } }
  return destination ? pino(options, destination) : pino(options)
}

export type { Logger }
