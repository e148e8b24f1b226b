// HTTP surface of the dashboard's reports (admin only): licences to renew (JSON and CSV), weekly
// activity with the school rankings, and one school's usage for its details modal.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isoDay } from '../../../common/licence.js';
import { httpMessages } from '../../../common/messages/http.js';
import { idParamsSchema } from '../../../common/schemas/ids.js';
import {
  activityResponseSchema,
  licencesResponseSchema,
  schoolUsageResponseSchema,
} from '../../../common/schemas/insights.js';
import { access } from '../../access.js';
import { notFound } from '../../http-error.js';
import { sendCsv, toCsv } from '../insights/csv.js';
import { schoolExists } from '../schools/school.service.js';
import {
  selectLicencesToRenew,
  selectSchoolRanking,
  selectSchoolUsage,
  selectWeeklyActivity,
} from './reports.repository.js';

export const reportsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/insights/licences',
    { ...access.admin, schema: { response: { 200: licencesResponseSchema } } },
    async () => {
      const now = new Date();
      return {
        success: true as const,
        today: isoDay(now),
        licences: await selectLicencesToRenew(app.db, now),
      };
    },
  );

  app.get('/api/admin/insights/licences.csv', access.admin, async (_request, reply) => {
    const now = new Date();
    const licences = await selectLicencesToRenew(app.db, now);
    const csv = toCsv(
      ['École', 'Ville', 'Fin de licence', 'Jours restants'],
      licences.map((l) => [l.name, l.city, l.endDate, l.daysLeft]),
    );
    return sendCsv(reply, { filename: `licences-${isoDay(now)}.csv`, csv });
  });

  app.get(
    '/api/admin/insights/activity',
    { ...access.admin, schema: { response: { 200: activityResponseSchema } } },
    async () => {
      const now = new Date();
      const [weeks, { most, least }] = await Promise.all([
        selectWeeklyActivity(app.db, now),
        selectSchoolRanking(app.db, now),
      ]);
      return { success: true as const, weeks, mostActive: most, leastActive: least };
    },
  );

  app.get(
    '/api/admin/schoolusage/:id',
    { ...access.admin, schema: { params: idParamsSchema, response: { 200: schoolUsageResponseSchema } } },
    async (request) => {
      if (!(await schoolExists(app.db, request.params.id))) throw notFound(httpMessages.notFound);
      return {
        success: true as const,
        usage: await selectSchoolUsage(app.db, request.params.id, new Date()),
      };
    },
  );
};
