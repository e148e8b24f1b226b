// One error handler: every failure leaves as {success:false, message} with the right status;
// 5xx details stay in the log, never in the response.
import http from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { httpMessages } from '../../common/messages/http.js';
import { operationsMessages } from '../../common/messages/operations.js';
import { isDatabaseUnavailable } from '../db/connection-errors.js';
import { HttpError } from '../http-error.js';
import { FileStoreUnavailableError } from '../storage/file-store.js';

const statusByFastifyCode: Record<string, [number, string]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: [400, httpMessages.invalidJson],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, httpMessages.invalidJson],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, httpMessages.bodyTooLarge],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, httpMessages.unsupportedMediaType],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, httpMessages.invalidInput],
  FST_REQ_FILE_TOO_LARGE: [413, httpMessages.bodyTooLarge],
  FST_INVALID_MULTIPART_CONTENT_TYPE: [415, httpMessages.unsupportedMediaType],
  FST_ERR_BAD_URL: [400, httpMessages.invalidUrl],
  FST_ERR_MAX_PARAM_LENGTH: [414, httpMessages.urlTooLong],
  FST_ERR_ASYNC_CONSTRAINT: [400, httpMessages.badRequest],
};

export function toErrorReply(error: FastifyError | Error): { status: number; message: string } {
  if (error instanceof HttpError) return { status: error.statusCode, message: error.message };
  if (isDatabaseUnavailable(error)) return { status: 503, message: operationsMessages.databaseUnavailable };
  if (error instanceof FileStoreUnavailableError)
    return { status: 503, message: operationsMessages.fileStoreUnavailable };
  if (hasZodFastifySchemaValidationErrors(error)) {
    return { status: 400, message: error.validation[0]?.message ?? httpMessages.invalidInput };
  }
  const fastifyError = error as FastifyError;
  const known = fastifyError.code ? statusByFastifyCode[fastifyError.code] : undefined;
  if (known) return { status: known[0], message: known[1] };
  if (fastifyError.validation) return { status: 400, message: httpMessages.invalidInput };
  const status = fastifyError.statusCode;
  if (status && status >= 400 && status < 500) {
    // A framework's own wording may name its internals: answer in ours.
    const ours = fastifyError.code?.startsWith('FST_') ? httpMessages.badRequest : error.message;
    return { status, message: ours };
  }
  return { status: 500, message: httpMessages.internal };
}

export const errorsPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      const { status, message } = toErrorReply(error);
      if (status >= 500) request.log.error({ err: error }, 'request failed');
      else request.log.info({ status, message }, 'request rejected');
      if (error instanceof HttpError) reply.headers(error.headers);
      return reply.status(status).send({ success: false, message });
    });
  },
  { name: 'errors' },
);

/** Node's HTTP parser refused the request before Fastify saw it: answer in our shape, then close. */
export function answerClientError(this: FastifyInstance, error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, message] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, httpMessages.headersTooLarge]
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, httpMessages.requestTimeout]
        : [400, httpMessages.badRequest];
  this.log.debug({ code: error.code }, 'client error');
  if (socket.writable) {
    const body = JSON.stringify({ success: false, message });
    socket.write(
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
