// SPEC section 7 and 8: every call of the dashboard goes through here. JSON in and out, the bearer
// token, the CSRF header on unsafe calls, a 30-second timeout, one refresh-and-retry on a 401 for an
// expired token, and the SPEC's error texts. Calls name a route of routes/ (api-route.ts): its answer is
// parsed by the route's schema, never cast.
import { pathOf, type AnswerOf, type ApiRoute, type CallArguments } from './api-route.ts'
import {
  ApiError,
  demoModeRefusal,
  authenticationFailed,
  errorForStatus,
  networkError,
  notJsonError,
  timeoutError,
  unexpectedAnswer,
} from './api-error.ts'
import { accessTokenExpiring, clearTokens, readTokens, saveTokens, type TokenStorage } from './session-tokens.ts'

const REQUEST_TIMEOUT_MS = 30_000

export interface ApiClientOptions {
  /** '' in the browser (same origin); a server's origin in tests. */
  baseUrl?: string
  storage: TokenStorage
  timeoutMs?: number
  /** Called once the session cannot be renewed: the tokens are already cleared. */
  onSessionEnded?(error: ApiError): void
  /** Demo mode (SPEC section 4): while active() is true, answer() replies with canned data instead of the server. */
  demo?: { active(): boolean; answer(path: string, request: RequestOptions): Promise<Record<string, unknown>> }
  /**
   * Where the bearer token comes from instead of the stored tokens: in the Shopify admin, App Bridge's
   * session token (shopify.idToken()). Such calls carry no cookies, so they need no CSRF token; one
   * that finds its token expired is sent once more with a fresh one.
   */
  authorize?(): Promise<string>
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE'
  body?: unknown
  form?: FormData
  query?: Record<string, string | number | boolean | undefined>
  timeoutMs?: number
  /** false for the calls made before signing in. */
  auth?: boolean
  /** 'text' for an answer that is not JSON (a CSV export): it comes back as { text }. Failures are JSON still. */
  accept?: 'json' | 'text'
}

type Json = Record<string, unknown>

/** The body as JSON (an empty body as {}), or null when it is something else, such as an HTML error page. */
function parseJson(text: string): Json | null {
  if (!text) return {}
  try {
    return JSON.parse(text) as Json
  } catch {
    return null
  }
}

export function createApiClient(options: ApiClientOptions) {
  const baseUrl = options.baseUrl ?? ''
  const defaultTimeout = options.timeoutMs ?? REQUEST_TIMEOUT_MS
  let csrf: string | null = null
  let refreshing: Promise<void> | null = null

  async function send(path: string, request: RequestOptions, token: string | null): Promise<Json> {
    if (options.demo?.active()) {
      csrf = null
      return options.demo.answer(path, request)
    }
    const method = request.method ?? 'GET'
    const query = new URLSearchParams(
      Object.entries(request.query ?? {}).flatMap(([key, value]) =>
        value === undefined ? [] : [[key, String(value)]],
      ),
    )
    const url = `${baseUrl}/api${path}${query.size > 0 ? `?${query}` : ''}`
    const headers: Record<string, string> = { Accept: request.accept === 'text' ? '*/*' : 'application/json' }
    if (request.body !== undefined) headers['Content-Type'] = 'application/json'
    if (token) headers.Authorization = `Bearer ${token}`
    if (method !== 'GET' && !options.authorize) headers['X-CSRFToken'] = await csrfToken()
    const timeoutMs = request.timeoutMs ?? defaultTimeout
    let response: Response
    try {
      response = await fetch(url, {
        method,
        headers,
        credentials: options.authorize ? 'omit' : 'include',
        body: request.form ?? (request.body !== undefined ? JSON.stringify(request.body) : undefined),
        signal: AbortSignal.timeout(timeoutMs),
      })
    } catch (error) {
      throw error instanceof DOMException && error.name === 'TimeoutError' ? timeoutError(timeoutMs) : networkError()
    }
    const text = await response.text()
    if (response.ok && request.accept === 'text') return { text }
    const body = parseJson(text)
    if (body === null) throw notJsonError(response.status)
    if (!response.ok) throw errorForStatus(response.status, body)
    return body
  }

  async function csrfToken(): Promise<string> {
    if (!csrf) {
      const answer = await send('/accounts/csrf/', { auth: false }, null)
      csrf = String(answer['X-CSRFToken'] ?? answer.csrfToken ?? '')
    }
    return csrf
  }

  function endSession(): never {
    clearTokens(options.storage)
    const error = authenticationFailed()
    options.onSessionEnded?.(error)
    throw error
  }

  /** One refresh at a time, however many calls find the token expired together. */
  function refresh(): Promise<void> {
    refreshing ??= (async () => {
      const { refresh: refreshToken } = readTokens(options.storage)
      if (!refreshToken) endSession()
      try {
        const answer = await send(
          '/accounts/token/refresh/',
          { method: 'POST', body: { refresh_token: refreshToken } },
          null,
        )
        saveTokens(options.storage, {
          access: String(answer.access_token),
          refresh: typeof answer.refresh_token === 'string' ? answer.refresh_token : null,
        })
      } catch (error) {
        if (error instanceof ApiError && (error.status === 401 || error.status === 400)) endSession()
        throw error
      }
    })().finally(() => {
      refreshing = null
    })
    return refreshing
  }

  /** A call with the session token of the Shopify admin, sent again once with a fresh one if it expired. */
  async function requestAuthorized(
    authorize: () => Promise<string>,
    path: string,
    request: RequestOptions,
  ): Promise<Json> {
    try {
      return await send(path, request, await authorize())
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 401 && error.body?.reason === 'token_expired')) throw error
      return send(path, request, await authorize())
    }
  }

  async function request(path: string, request: RequestOptions): Promise<Json> {
    if (options.authorize && request.auth !== false) return requestAuthorized(options.authorize, path, request)
    const authenticated = request.auth !== false
    if (authenticated && readTokens(options.storage).refresh && accessTokenExpiring(readTokens(options.storage).access))
      await refresh()
    try {
      return await send(path, request, authenticated ? readTokens(options.storage).access : null)
    } catch (error) {
      const reason = error instanceof ApiError && error.status === 401 ? error.body?.reason : undefined
      // A session ended elsewhere (a password change, a revoked sign-in) cannot be renewed: end it here too.
      if (authenticated && (reason === 'session_ended' || reason === 'token_invalid')) endSession()
      if (!authenticated || reason !== 'token_expired') throw error
      await refresh()
      return send(path, request, readTokens(options.storage).access)
    }
  }

  /** One call of a route: its path filled in, its input sent, its answer parsed by the route's schema. */
  async function call<Route extends ApiRoute>(
    route: Route,
    ...[input]: CallArguments<Route>
  ): Promise<AnswerOf<Route>> {
    const given = (input ?? {}) as {
      params?: Record<string, string>
      query?: RequestOptions['query']
      body?: unknown
      form?: FormData
      timeoutMs?: number
    }
    const path = pathOf(route, given.params)
    const answer = await request(path, {
      method: route.method,
      query: given.query,
      body: given.body,
      form: given.form,
      timeoutMs: given.timeoutMs,
      auth: route.signedIn,
      accept: route.accept,
    })
    const parsed = route.answer.safeParse(answer)
    if (parsed.success) return parsed.data as AnswerOf<Route>
    // Demo mode accepts every change with a message only: a screen that needs the changed item learns
    // that nothing changed, in the demo's words.
    if (options.demo?.active() && route.method !== 'GET') throw demoModeRefusal(String(answer.message ?? 'Demo mode'))
    throw unexpectedAnswer(`${route.method} ${route.path}`, parsed.error)
  }

  /**
   * A streamed call (Server-Sent Events): the same token, CSRF and refresh rules as request(), but the
   * open response is handed back for the caller to read. Errors before the stream opens are ApiErrors.
   * Without a body it is a GET (a live stream to follow).
   */
  async function openStream(path: string, body: unknown, signal?: AbortSignal): Promise<Response> {
    const method = body === undefined ? 'GET' : 'POST'
    if (options.demo?.active()) throw demoModeRefusal('Chat is not available in demo mode.')
    const streamHeaders = async (): Promise<Record<string, string>> => {
      const headers: Record<string, string> =
        method === 'GET'
          ? { Accept: 'text/event-stream' }
          : { Accept: 'text/event-stream', 'Content-Type': 'application/json' }
      if (options.authorize) return { ...headers, Authorization: `Bearer ${await options.authorize()}` }
      if (readTokens(options.storage).refresh && accessTokenExpiring(readTokens(options.storage).access))
        await refresh()
      return {
        ...headers,
        Authorization: `Bearer ${readTokens(options.storage).access ?? ''}`,
        'X-CSRFToken': await csrfToken(),
      }
    }
    const attempt = async () => {
      let response: Response
      try {
        response = await fetch(`${baseUrl}/api${path}`, {
          method,
          headers: await streamHeaders(),
          credentials: options.authorize ? 'omit' : 'include',
          body: method === 'GET' ? undefined : JSON.stringify(body),
          signal,
        })
      } catch (error) {
        if (signal?.aborted) throw error
        throw networkError()
      }
      if (response.ok) return response
      const answer = parseJson(await response.text())
      if (answer === null) throw notJsonError(response.status)
      throw errorForStatus(response.status, answer)
    }
    try {
      return await attempt()
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 401 && error.body?.reason === 'token_expired')) throw error
      if (!options.authorize) await refresh()
      return attempt()
    }
  }

  return { call, refresh, openStream }
}

export type ApiClient = ReturnType<typeof createApiClient>
