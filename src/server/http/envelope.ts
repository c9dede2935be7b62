import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from './errors.js';

/** The answer shape of DESIGN §4: `code` equals the HTTP status. */
export function ok<T>(message: T): { code: 200; message: T } {
  return { code: 200, message };
}

const GENERIC_500 = 'Something went wrong on our side. The details are in the server log.';

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError | Error, request, reply) => {
    if (error instanceof AppError) {
      const body: Record<string, unknown> = { code: error.status, message: error.payload ?? error.message };
      if (error.errors) body.errors = error.errors;
      return reply.status(error.status).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: Record<string, string[]> = {};
      for (const issue of error.validation) {
        const field = (issue.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.') || '_';
        (errors[field] ??= []).push(issue.message ?? 'Invalid value');
      }
      const messages = [...new Set(Object.values(errors).flat())];
      return reply.status(422).send({ code: 422, message: messages, errors });
    }
    const status = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.status(500).send({ code: 500, message: GENERIC_500 });
    }
    // Fastify's own client errors: malformed JSON, body too large, rate limit, …
    return reply.status(status).send({ code: status, message: error.message });
  });
}
