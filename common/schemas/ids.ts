// Ids in URLs are positive integers, checked before any query (docs/decisions.md#api-conventions).
import { z } from 'zod';
import { httpMessages } from '../messages/http.js';

export const idSchema = z.coerce
  .number({ error: httpMessages.invalidId })
  .int(httpMessages.invalidId)
  .positive(httpMessages.invalidId)
  .max(2_147_483_647, httpMessages.invalidId);

export const idParamsSchema = z.object({ id: idSchema });
