import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { databaseInputError } from '../domain/database-errors';
import { DomainError } from '../domain/errors';
import { HttpError, sendHttpError } from './errors';
import securityHeaders from './security-headers';

/** A request part (params, query, body) as an object of named values. */
const asObject = (part: unknown) =>
  part !== null && typeof part === 'object' && !Array.isArray(part) ? part : {};

/** Clear messages for the errors Fastify raises before a handler runs. */
const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type: send application/json.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The request body does not match its Content-Length.',
  FST_ERR_CTP_INVALID_TYPE: 'Unsupported content type: send application/json.',
};

/**
 * The JSON conventions of every API response: one error shape {message, errors?},
 * a JSON body parser that rejects malformed input with 400 (an empty body is no body),
 * the security headers on every response and no-store on every answer that does not set
 * its own Cache-Control.
 */
async function httpPlugin(app: FastifyInstance): Promise<void> {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  // The API speaks JSON only: any other body type is answered 415 before a handler runs.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (text.trim() === '') return done(null, undefined);
    parseJson(request, text, (error, value) => {
      if (error) return done(new HttpError(400, 'The request body is not valid JSON.'), undefined);
      done(null, value);
    });
  });

  // Security headers (CSP in production, HSTS behind HTTPS, no framing …) on every response.
  await app.register(securityHeaders);
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('x-content-type-options', 'nosniff');
    // API answers are personal: no browser or proxy keeps them. Routes that may be cached
    // (the front end's files, the import map) set their own Cache-Control.
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    return payload;
  });

  app.setErrorHandler((error: FastifyError | HttpError | DomainError, request, reply) => {
    if (error instanceof HttpError || error instanceof DomainError)
      return sendHttpError(reply, error);
    // A value PostgreSQL cannot take that no validation caught (a NUL, a number out of
    // range: 422 on the fields holding it) or a declared unique constraint a race broke.
    const { params, query, body } = request;
    const refused = databaseInputError(error, {
      ...asObject(params),
      ...asObject(query),
      ...asObject(body),
    });
    if (refused) {
      if ((error as { code?: string }).code !== '23505')
        request.log.warn({ err: error }, 'input reached the database unvalidated');
      return sendHttpError(reply, refused);
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.code(500).send({ message: 'Server Error' });
    }
    const message = (error.code && FRAMEWORK_MESSAGES[error.code]) || error.message;
    return reply.code(status).send({ message });
  });
}

export default fp(httpPlugin, { name: 'kontor-http' });
