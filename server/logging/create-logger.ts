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

// Error messages can quote a connection string (a driver failing to connect, say): keep its password out.
const URL_CREDENTIALS = /(\b[a-z][a-z0-9+.-]*:\/\/[^:/\s@]+:)[^@\s/]+@/gi

function scrubCredentials(text: string): string {
  return text.replace(URL_CREDENTIALS, '$1[redacted]@')
}

export function serializeError(error: unknown) {
  const serialized = pino.stdSerializers.err(error as Error) as unknown as Record<string, unknown>
  for (const key of ['message', 'stack']) {
    if (typeof serialized[key] === 'string') serialized[key] = scrubCredentials(serialized[key])
  }
  return serialized
}

/** JSON lines on stdout, or on `destination` (tests read the lines back). */
export function createLogger(config: Pick<Config, 'LOG_LEVEL'>, destination?: DestinationStream): Logger {
  const options = {
    level: config.LOG_LEVEL,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    base: { service: 'agentdesk' },
    serializers: { err: serializeError },
  }
  return destination ? pino(options, destination) : pino(options)
}

export type { Logger }
