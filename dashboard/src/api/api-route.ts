// One call of the API as the dashboard makes it: the method, the path pattern (":name" for each
// parameter), the request's schemas (query, JSON body, or a multipart form) and the answer's schema.
// The area files in routes/ list them; ApiClient.call builds the path, sends, and parses the answer.
import type { z } from 'zod'

type ApiMethod = 'GET' | 'POST' | 'PUT' | 'DELETE'

export interface ApiRoute {
  method: ApiMethod
  /** '/agents/:agentId/texts/create/': under /api, with a ":name" for each parameter. */
  path: string
  /** The query string's schema (only its type is used: the server parses it). */
  query?: z.ZodType
  /** The JSON body's schema (only its type is used: the server parses it and answers in the SPEC's words). */
  body?: z.ZodType
  /** A multipart form (a file upload) instead of a JSON body. */
  form?: true
  /** The answer's schema: every answer is parsed by it, so a mismatch fails loudly at the call. */
  answer: z.ZodType
  /** false for the calls made before signing in. */
  signedIn?: false
  /** 'text' for an answer that is not JSON (a CSV export): it comes back as { text }. */
  accept?: 'text'
}

/** Keeps a route's literal path and schemas in its type, so each call's input and answer are inferred. */
export const apiRoute = <const Route extends ApiRoute>(route: Route): Route => route

/** 'agentId' | 'textId' for '/agents/:agentId/texts/:textId/'. */
type ParamNames<Path extends string> = Path extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : Path extends `${string}:${infer Name}`
    ? Name
    : never

type ParamsInput<Route extends ApiRoute> = [ParamNames<Route['path']>] extends [never]
  ? object
  : { params: Record<ParamNames<Route['path']>, string> }
type QueryInput<Route extends ApiRoute> = Route['query'] extends z.ZodType ? { query: z.input<Route['query']> } : object
type BodyInput<Route extends ApiRoute> = Route['body'] extends z.ZodType ? { body: z.input<Route['body']> } : object
type FormInput<Route extends ApiRoute> = Route['form'] extends true ? { form: FormData } : object

/** What a call of the route takes: its path's parameters, query, body or form, and an optional timeout. */
type CallInput<Route extends ApiRoute> = ParamsInput<Route> &
  QueryInput<Route> &
  BodyInput<Route> &
  FormInput<Route> & { timeoutMs?: number }

/** The call's input as arguments: optional when the route needs none. */
export type CallArguments<Route extends ApiRoute> =
  object extends CallInput<Route> ? [input?: CallInput<Route>] : [input: CallInput<Route>]

export type AnswerOf<Route extends ApiRoute> = z.output<Route['answer']>

/** The path with its parameters filled in, each encoded. */
export function pathOf(route: ApiRoute, params: Record<string, string> = {}): string {
  return route.path.replace(/:([A-Za-z]+)/g, (_match, name: string) => {
    const value = params[name]
    if (value === undefined) throw new Error(`${route.method} ${route.path} needs the parameter ${name}`)
    return encodeURIComponent(value)
  })
}
