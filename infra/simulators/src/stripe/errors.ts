/** An error answered in Stripe's format: `{ error: { type, code, message, param } }` with an HTTP status. */
export class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly type: 'invalid_request_error' | 'api_error' | 'card_error' | 'idempotency_error',
    message: string,
    readonly code?: string,
    readonly param?: string,
  ) {
    super(message);
  }

  toJSON(requestId: string) {
    return {
      error: {
        type: this.type,
        message: this.message,
        ...(this.code
          ? { code: this.code, doc_url: `https://stripe.com/docs/error-codes/${this.code}` }
          : {}),
        ...(this.param ? { param: this.param } : {}),
        request_log_url: `https://dashboard.stripe.com/test/logs/${requestId}`,
      },
    };
  }
}

export const missingParam = (param: string) =>
  new StripeApiError(
    400,
    'invalid_request_error',
    `Missing required param: ${param}.`,
    'parameter_missing',
    param,
  );

export const invalidParam = (param: string, message: string) =>
  new StripeApiError(400, 'invalid_request_error', message, 'parameter_invalid_string', param);

export const noSuch = (kind: string, id: string, param?: string) =>
  new StripeApiError(404, 'invalid_request_error', `No such ${kind}: '${id}'`, 'resource_missing', param);
