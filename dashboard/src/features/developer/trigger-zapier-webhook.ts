// SPEC section 7, Zapier test: the browser itself posts a sample event to the typed URL, in no-cors
// mode (Zapier's catch hooks send no CORS headers), so the answer cannot be read: a sent request counts
// as success, a refused one (bad URL, network, content security policy) as failure.

export interface ZapierTestEvent {
  timestamp: string
  triggered_from: string
}

export async function triggerZapierWebhook(
  url: string,
  origin: string = window.location.origin,
): Promise<ZapierTestEvent> {
  const event: ZapierTestEvent = { timestamp: new Date().toISOString(), triggered_from: origin }
  // No Content-Type: no-cors drops application/json anyway; the body is still the JSON text.
  await fetch(url, { method: 'POST', mode: 'no-cors', body: JSON.stringify(event) })
  return event
}
