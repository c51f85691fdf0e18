import cors from 'cors'
import type { Config } from '../config/config.schemas.ts'

/**
 * Which other origins may call /api from a browser with credentials: PUBLIC_URL's origin and CORS_ORIGINS.
 * The public widget API decides per integration domain and mounts its own policy before this one.
 */
export function apiCors(config: Pick<Config, 'CORS_ORIGINS' | 'PUBLIC_URL'>) {
  const allowed = new Set(config.CORS_ORIGINS.map((origin) => origin.replace(/\/$/, '')))
  if (config.PUBLIC_URL) allowed.add(new URL(config.PUBLIC_URL).origin)
  return cors({
    origin: (origin, callback) => callback(null, origin !== undefined && allowed.has(origin)),
    credentials: true,
    allowedHeaders: ['Authorization', 'Content-Type', 'X-CSRFToken', 'X-Request-Id'],
    exposedHeaders: ['X-Request-Id', 'X-CSRFToken'],
    maxAge: 600,
  })
}
