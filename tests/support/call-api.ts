// A JSON call to the server's API as a signed-in user, for browser tests that read back what a screen saved.

/** GET without a body, POST with one; a failure throws with the status and the answer. */
export async function callApi<T = Record<string, unknown>>(
  baseUrl: string,
  token: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const response = await fetch(`${baseUrl}/api${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const json = (await response.json()) as T
  if (!response.ok) throw new Error(`${path}: ${response.status} ${JSON.stringify(json)}`)
  return json
}

/** Signs up a new account over HTTP and answers its tokens (for browser tests that start signed in). */
export async function registerAccount(
  baseUrl: string,
  account: { email: string; password: string; full_name: string },
): Promise<{ access: string; refresh: string }> {
  const response = await fetch(`${baseUrl}/api/accounts/register/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(account),
  })
  const json = (await response.json()) as { tokens?: { access: string; refresh: string } }
  if (response.status !== 201 || !json.tokens) throw new Error(`register: ${response.status} ${JSON.stringify(json)}`)
  return json.tokens
}
