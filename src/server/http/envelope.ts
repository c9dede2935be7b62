import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { INPUT_MSG } from '../../contract/input-messages.js';
import { codeOf, type MessageCode } from '../../contract/message-codes.js';
import { isDatabaseUnavailable } from '../lib/pg-errors.js';
import { AppError } from './errors.js';

/** The answer shape of DESIGN §4: `code` equals the HTTP status. */
export function ok<T>(message: T): { code: 200; message: T } {
  return { code: 200, message };
}

const GENERIC_500 = INPUT_MSG.serverError;
export const DATABASE_UNAVAILABLE = INPUT_MSG.databaseUnavailable;
/** Seconds a client should wait before trying again while the database is down. */
export const RETRY_AFTER_SECONDS = 5;

/** What a request part is called in a 422 when the whole part is wrong (a null body, a list). */
const PART_NAMES: Record<string, string> = { body: 'body', querystring: 'query', params: 'path' };
const PART_MESSAGES: Record<string, string> = {
  body: INPUT_MSG.bodyNotObject,
  querystring: INPUT_MSG.queryInvalid,
  params: INPUT_MSG.pathInvalid,
};

// Fastify's own texts for errors raised before a route runs, in the words of this API.
const FASTIFY_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: INPUT_MSG.mediaType,
  FST_ERR_CTP_BODY_TOO_LARGE: INPUT_MSG.bodyTooLarge,
  FST_ERR_CTP_EMPTY_JSON_BODY: INPUT_MSG.emptyBody,
  FST_ERR_CTP_INVALID_JSON_BODY: INPUT_MSG.invalidJson,
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: INPUT_MSG.contentLength,
  FST_ERR_BAD_URL: INPUT_MSG.badUrl,
  FST_ERR_MAX_PARAM_LENGTH: INPUT_MSG.pathPartTooLong,
  FST_ERR_ASYNC_CONSTRAINT: INPUT_MSG.notRoutable,
};

/**
 * The stable code of each message (message-codes.ts) beside the English text, for clients that
 * translate: `codes` follows `message` (a list or one text), `error_codes` follows `errors`.
 * A text of no group gets `<fallback>` (`input.<zod issue>` or `http.<status>`).
 */
function withCodes(body: Record<string, unknown>, fallback: string): Record<string, unknown> {
  const code = (text: string): MessageCode => codeOf(text) ?? { code: fallback };
  const message = body.message;
  if (Array.isArray(message)) body.codes = message.map((m) => code(String(m)));
  else if (typeof message === 'string') body.codes = [code(message)];
  const errors = body.errors as Record<string, string[]> | undefined;
  if (errors) body.error_codes = Object.fromEntries(Object.entries(errors).map(([field, list]) => [field, list.map(code)]));
  return body;
}

export function databaseUnavailable(reply: FastifyReply) {
  return reply
    .status(503)
    .header('retry-after', String(RETRY_AFTER_SECONDS))
    .send(withCodes({ code: 503, message: DATABASE_UNAVAILABLE }, 'http.503'));
}

function sendError(error: FastifyError | AppError | Error, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof AppError) {
    const body: Record<string, unknown> = { code: error.status, message: error.payload ?? error.message };
    if (error.errors) body.errors = error.errors;
    if (error.headers) void reply.headers(error.headers);
    return reply.status(error.status).send(withCodes(body, `http.${error.status}`));
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const part = (error as { validationContext?: string }).validationContext ?? 'body';
    const errors: Record<string, string[]> = {};
    for (const issue of error.validation) {
      const path = (issue.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
      const field = path || PART_NAMES[part] || part;
      const message = !path && issue.keyword === 'invalid_type' ? (PART_MESSAGES[part] ?? issue.message) : issue.message;
      (errors[field] ??= []).push(message ?? INPUT_MSG.invalidValue);
    }
    const messages = [...new Set(Object.values(errors).flat())];
    return reply.status(422).send(withCodes({ code: 422, message: messages, errors }, 'http.422'));
  }
  if (isDatabaseUnavailable(error)) {
    request.log.warn({ err: error }, 'database not reachable');
    return databaseUnavailable(reply);
  }
  const status = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
  if (status >= 500) {
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send(withCodes({ code: 500, message: GENERIC_500 }, 'http.500'));
  }
  // Fastify's own client errors: malformed JSON, body too large, rate limit, …
  const code = 'code' in error && typeof error.code === 'string' ? error.code : '';
  return reply.status(status).send(withCodes({ code: status, message: FASTIFY_MESSAGES[code] ?? error.message }, `http.${status}`));
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler(sendError);
}

/** Fastify's `frameworkErrors`: a malformed URL or an over-long path part, answered in the envelope. */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  return sendError(error, request, reply);
}

/**
 * Fastify's `clientErrorHandler`: errors Node's HTTP parser raises before there is a request
 * (headers too large, a time-out, garbage on the wire). Answered in the envelope, then closed.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  const message =
    status === 431
      ? 'The request headers (the URL included) are too large.'
      : status === 408
        ? 'The request took too long to arrive.'
        : 'The request could not be read.';
  const body = JSON.stringify({ code: status, message });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
