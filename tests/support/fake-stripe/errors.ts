// Stripe's errors as the fake throws them; the API turns them into Stripe's JSON error answers.

export class StripeApiError extends Error {
  readonly status: number
  readonly body: { type: string; message: string; code?: string; param?: string }
  constructor(status: number, body: StripeApiError['body']) {
    super(body.message)
    this.status = status
    this.body = body
  }
}

export const invalid = (message: string, param?: string) =>
  new StripeApiError(400, { type: 'invalid_request_error', message, ...(param ? { param } : {}) })

export const parameterMissing = (param: string) =>
  new StripeApiError(400, {
    type: 'invalid_request_error',
    code: 'parameter_missing',
    message: `Missing required param: ${param}.`,
    param,
  })

export const missing = (kind: string, id: string, param = 'id') =>
  new StripeApiError(404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    message: `No such ${kind}: '${id}'`,
    param,
  })

/** The answer for a thrown StripeApiError, with the links Stripe adds to it. */
export function errorAnswer(error: StripeApiError, requestId: string) {
  const docUrl = error.body.code
    ? { doc_url: `https://stripe.com/docs/error-codes/${error.body.code.replaceAll('_', '-')}` }
    : {}
  return {
    status: error.status,
    body: {
      error: {
        ...error.body,
        ...docUrl,
        request_log_url: `https://dashboard.stripe.com/test/logs/${requestId}`,
      },
    },
  }
}
