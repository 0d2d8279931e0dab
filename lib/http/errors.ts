/** One error type for the whole service. The kernel turns it into the documented error body. */
export type ErrorDetail = { field: string; message: string };

export class AppError extends Error {
  readonly code: string;
  readonly status: number;
  readonly details?: ErrorDetail[];
  constructor(code: string, message: string, opts: { status?: number; details?: ErrorDetail[] } = {}) {
    super(message);
    this.code = code;
    this.status = opts.status ?? 400;
    this.details = opts.details;
  }
}

// Helpers for the errors every domain raises, so codes and statuses stay consistent.
export const notFound = (what: string, code = "NOT_FOUND") => new AppError(code, `${what} was not found.`, { status: 404 });
export const badRequest = (code: string, message: string, details?: ErrorDetail[]) => new AppError(code, message, { status: 400, details });
export const conflict = (code: string, message: string) => new AppError(code, message, { status: 409 });
export const unprocessable = (code: string, message: string) => new AppError(code, message, { status: 422 });

export type ErrorBody = { error: string; code: string; details?: ErrorDetail[]; requestId: string; success?: false };

export const errorBody = (err: AppError, requestId: string, withSuccess: boolean): ErrorBody => ({
  ...(withSuccess ? { success: false as const } : {}),
  error: err.message,
  code: err.code,
  ...(err.details?.length ? { details: err.details } : {}),
  requestId,
});
