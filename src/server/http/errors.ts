import { MSG } from '../../contract/messages.js';

/** An error that becomes a `{ code, message, errors? }` answer with its HTTP status. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly payload?: unknown,
    readonly errors?: Record<string, string[]>,
    /** Response headers the answer needs (a 429's Retry-After). */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const unauthorized = () => new AppError(401, MSG.unauthorized);
export const forbidden = () => new AppError(403, MSG.forbidden);
export const notFound = (what = 'Not found.') => new AppError(404, what);
export const badRequest = (text: string) => new AppError(400, text);
export const conflict = (text: string) => new AppError(409, text);

/** 422 with field → messages; `message` lists every message once. */
export function validationError(errors: Record<string, string[]>): AppError {
  const messages = [...new Set(Object.values(errors).flat())];
  return new AppError(422, messages.join(' '), messages, errors);
}

/** Shorthand for one failing field. */
export const invalid = (field: string, message: string) => validationError({ [field]: [message] });
