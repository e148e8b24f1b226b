// One error handler: every failure leaves as {success:false, message} with the right status;
// 5xx details stay in the log, never in the response.
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { httpMessages } from '../../common/messages/http.js';
import { HttpError } from '../http-error.js';

const statusByFastifyCode: Record<string, [number, string]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: [400, httpMessages.invalidJson],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, httpMessages.invalidJson],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, httpMessages.bodyTooLarge],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, httpMessages.unsupportedMediaType],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, httpMessages.invalidInput],
  FST_REQ_FILE_TOO_LARGE: [413, httpMessages.bodyTooLarge],
  FST_INVALID_MULTIPART_CONTENT_TYPE: [415, httpMessages.unsupportedMediaType],
};

export function toErrorReply(error: FastifyError | Error): { status: number; message: string } {
  if (error instanceof HttpError) return { status: error.statusCode, message: error.message };
  if (hasZodFastifySchemaValidationErrors(error)) {
    return { status: 400, message: error.validation[0]?.message ?? httpMessages.invalidInput };
  }
  const fastifyError = error as FastifyError;
  const known = fastifyError.code ? statusByFastifyCode[fastifyError.code] : undefined;
  if (known) return { status: known[0], message: known[1] };
  if (fastifyError.validation) return { status: 400, message: httpMessages.invalidInput };
  const status = fastifyError.statusCode;
  if (status && status >= 400 && status < 500) return { status, message: error.message };
  return { status: 500, message: httpMessages.internal };
}

export const errorsPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      const { status, message } = toErrorReply(error);
      if (status >= 500) request.log.error({ err: error }, 'request failed');
      else request.log.info({ status, message }, 'request rejected');
      return reply.status(status).send({ success: false, message });
    });
  },
  { name: 'errors' },
);
