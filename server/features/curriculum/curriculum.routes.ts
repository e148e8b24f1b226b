// HTTP surface of the curriculum tree (docs/product.md#admin-calls): levels, periods, lessons, sessions, and
// the renames/deletes of PDFs and activities. Paths are the spec's, typos included. Admin only.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  activitiesResponseSchema,
  activityPackageResponseSchema,
  activityTitleSchema,
  createLessonResponseSchema,
  createLessonSchema,
  createLevelResponseSchema,
  createPeriodResponseSchema,
  createPeriodSchema,
  createSessionResponseSchema,
  createSessionSchema,
  lessonContentResponseSchema,
  lessonsResponseSchema,
  lessonTitleSchema,
  levelsResponseSchema,
  levelTitleSchema,
  pdfDetailsResponseSchema,
  pdfTitleSchema,
  periodsResponseSchema,
  periodTitleSchema,
  reorderSchema,
  sessionTitleSchema,
  successSchema,
} from '../../../common/schemas/curriculum.js';
import { idParamsSchema } from '../../../common/schemas/ids.js';
import { access } from '../../access.js';
import * as repo from './curriculum.repository.js';
import * as service from './curriculum.service.js';

type TitleSchema = typeof levelTitleSchema;

export const curriculumRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = () => ({ db: app.db, dbKind: app.config.database.kind, files: app.files, log: app.log });
  const ok = { 200: successSchema };
  // Route options of the two shapes most routes here share (admin only, one 200 answer).
  const byId = <R extends z.ZodType>(response: R) => ({
    ...access.admin,
    schema: { params: idParamsSchema, response: { 200: response } },
  });
  const withBody = <B extends z.ZodType, R extends z.ZodType>(body: B, response: R) => ({
    ...access.admin,
    schema: { body, response: { 200: response } },
  });

  /** PATCH path/{id} {title} and DELETE path/{id} for one kind of node. */
  const renameAndDelete = (
    table: repo.NodeTable,
    editPath: string,
    deletePath: string,
    body: TitleSchema,
  ) => {
    app.patch(
      `/api/admin/${editPath}/:id`,
      { ...access.admin, schema: { params: idParamsSchema, body, response: ok } },
      async (request) => {
        await service.renameNode(
          app.db,
          table,
          request.params.id,
          request.body.title,
          request.requireCaller().id,
        );
        return { success: true };
      },
    );
    app.delete(`/api/admin/${deletePath}/:id`, byId(successSchema), async (request) => {
      await service.deleteNodeWithFiles(deps(), table, request.params.id, request.requireCaller().id);
      return { success: true };
    });
  };

  /** PATCH admin/{path}/{parentId} {order}: the admin's order of a parent's children (ours, beside
   * the spec's calls: the order decides what unlocks in the learning table). */
  const reorder = (table: repo.OrderedTable, path: string) =>
    app.patch(
      `/api/admin/${path}/:id`,
      { ...access.admin, schema: { params: idParamsSchema, body: reorderSchema, response: ok } },
      async (request) => {
        await service.reorderChildren(
          app.db,
          table,
          request.params.id,
          request.body.order,
          request.requireCaller().id,
        );
        return { success: true };
      },
    );
  reorder('periods', 'reorderperiods');
  reorder('lessons', 'reorderlessons');
  reorder('lesson_sessions', 'reordersessions');
  reorder('activities', 'reorderactivities');

  // Levels
  app.get(
    '/api/admin/levels',
    { ...access.admin, schema: { response: { 200: levelsResponseSchema } } },
    async () => ({
      levels: await repo.listLevels(app.db),
    }),
  );
  app.post(
    '/api/admin/createlevel',
    withBody(levelTitleSchema, createLevelResponseSchema),
    async (request) => ({
      success: true,
      level: await service.createNode(app.db, 'levels', request.requireCaller().id, (trx) =>
        repo.insertLevel(trx, request.body.title),
      ),
    }),
  );
  renameAndDelete('levels', 'editlevel', 'removelevel', levelTitleSchema);

  // Periods of a level
  app.get('/api/admin/period/:id', byId(periodsResponseSchema), (request) =>
    service.getPeriodsOfLevel(app.db, request.params.id),
  );
  app.post(
    '/api/admin/createperiod',
    withBody(createPeriodSchema, createPeriodResponseSchema),
    async (request) => {
      const { levelid, title } = request.body;
      return {
        success: true,
        period: await service.createChild(app.db, 'periods', levelid, title, request.requireCaller().id),
      };
    },
  );
  renameAndDelete('periods', 'editperiod', 'removeperiod', periodTitleSchema);

  // Lessons of a period (the spec calls the period "level" here)
  app.get('/api/admin/levels/:id', byId(lessonsResponseSchema), (request) =>
    service.getLessonsOfPeriod(app.db, request.params.id),
  );
  app.post(
    '/api/admin/createlessons',
    withBody(createLessonSchema, createLessonResponseSchema),
    async (request) => {
      const { levelid, title } = request.body;
      return {
        success: true,
        lesson: await service.createChild(app.db, 'lessons', levelid, title, request.requireCaller().id),
      };
    },
  );
  renameAndDelete('lessons', 'editlesson', 'deletelesosn', lessonTitleSchema);

  // Sessions and PDFs of a lesson
  app.get('/api/admin/getsession/:id', byId(lessonContentResponseSchema), (request) =>
    service.getLessonContent(app.db, request.params.id),
  );
  app.post(
    '/api/admin/createsession',
    withBody(createSessionSchema, createSessionResponseSchema),
    async (request) => {
      const { id, title } = request.body;
      return {
        success: true,
        session: await service.createChild(app.db, 'lesson_sessions', id, title, request.requireCaller().id),
      };
    },
  );
  renameAndDelete('lesson_sessions', 'editsession', 'deletsession', sessionTitleSchema);
  renameAndDelete('pdfs', 'editpdf', 'deletpdf', pdfTitleSchema);
  app.get('/api/admin/pdf-details/:id', byId(pdfDetailsResponseSchema), (request) =>
    service.getPdfDetails(app.db, request.params.id),
  );

  // Activities of a session
  app.get('/api/admin/getactivites/:id', byId(activitiesResponseSchema), (request) =>
    service.getActivitiesOfSession(app.db, request.params.id),
  );
  renameAndDelete('activities', 'editfile', 'deletefile', activityTitleSchema);
  app.get('/api/admin/activity-package/:id', byId(activityPackageResponseSchema), (request) =>
    service.getActivityPackage(app.db, request.params.id),
  );
};
