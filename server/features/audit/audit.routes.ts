// HTTP surface of the audit log screen (admin only): GET admin/audit, filtered by actor (email),
// kind of object and dates, one page of AUDIT_PAGE_SIZE rows at a time.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AUDIT_PAGE_SIZE,
  auditPageResponseSchema,
  auditQuerySchema,
} from '../../../common/schemas/insights.js';
import { access } from '../../access.js';
import { findUserIdByEmail } from '../auth/accounts.service.js';
import { selectAuditPage } from './audit.repository.js';

/** Details are JSON objects; anything else (hand-edited rows) is shown under `value`. */
function parseDetails(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : { value };
  } catch {
    return { value: text };
  }
}

export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/audit',
    {
      ...access.admin,
      schema: { querystring: auditQuerySchema, response: { 200: auditPageResponseSchema } },
    },
    async (request) => {
      const { actor, entity, from, to, before } = request.query;
      let actorId: number | undefined;
      if (actor) {
        actorId = await findUserIdByEmail(app.db, actor);
        // Nobody has this address: nobody did anything under it.
        if (actorId === undefined) return { success: true as const, entries: [], nextBefore: null };
      }
      const { rows, hasMore } = await selectAuditPage(
        app.db,
        { actorId, entity, from, to, before },
        AUDIT_PAGE_SIZE,
      );
      return {
        success: true as const,
        entries: rows.map((row) => ({
          id: row.id,
          at: row.created_at,
          actor:
            row.actor_id === null
              ? null
              : { id: row.actor_id, name: row.actor_name ?? '', email: row.actor_email ?? '' },
          action: row.action,
          entity: row.entity,
          entityId: row.entity_id,
          details: parseDetails(row.details),
        })),
        nextBefore: hasMore ? (rows.at(-1)?.id ?? null) : null,
      };
    },
  );
};
