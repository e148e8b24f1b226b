// HTTP surface of the admin dashboard: GET admin/getkpi (docs/product.md#api-calls), and its reports.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { kpiResponseSchema } from '../../../common/schemas/dashboard.js';
import { access } from '../../access.js';
import { countTotals } from './dashboard.repository.js';
import { reportsRoutes } from './reports.routes.js';

export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/getkpi',
    { ...access.admin, schema: { response: { 200: kpiResponseSchema } } },
    async () => ({ success: true as const, ...(await countTotals(app.db)) }),
  );
  await app.register(reportsRoutes);
};
