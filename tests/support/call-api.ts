// A JSON call to the server's API as a signed-in user, for browser tests that read back what a screen saved.

/** GET without a body, POST with one; a failure throws with the status and the answer. */
export async function callApi<T = Record<string, unknown>>(baseUrl: string, token: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${baseUrl}/api${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const json = (await response.json()) as T
  if (!response.ok) throw new Error(`${path}: ${response.status} ${JSON.stringify(json)}`)
  return json
}
