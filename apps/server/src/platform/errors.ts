import { MESSAGES } from "@starboard/contract/errors";

export type ErrorCode =
  | "bad_request"
  | "unauthenticated"
  | "account_inactive"
  | "forbidden"
  | "not_found"
  | "conflict"
  | "unprocessable"
  | "rate_limited"
  | "unavailable";

const STATUS: Record<ErrorCode, number> = {
  bad_request: 400,
  unauthenticated: 401,
  account_inactive: 402,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  unprocessable: 422,
  rate_limited: 429,
  unavailable: 503,
};

/** The one error type domain code throws; the HTTP layer maps it to the error body. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly errors?: Record<string, string>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.status = STATUS[code];
  }

  static notFound(message: string = MESSAGES.notFound) {
    return new AppError("not_found", message);
  }
  static forbidden(message: string = MESSAGES.forbidden) {
    return new AppError("forbidden", message);
  }
  static unauthenticated(message: string = MESSAGES.mustBeAuthenticated) {
    return new AppError("unauthenticated", message, undefined, { "WWW-Authenticate": 'Basic realm="starboard"' });
  }
  /** Bad input on one field: 400 with the field and its message. */
  static invalid(field: string, message: string) {
    return new AppError("bad_request", message, { [field]: message });
  }
  static conflict(message: string, field?: string) {
    return new AppError("conflict", message, field ? { [field]: message } : undefined);
  }
}
