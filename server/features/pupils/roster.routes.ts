// The teacher's routes about a group's pupils without an ENT (docs/pupils.md#sans-ent--les-cartes-de-connexion):
// the roster (list, add, rename, remove) and the sign-in cards. access.userGroup reads the group
// with the session: not the caller's group, 404.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { httpMessages } from '../../../common/messages/http.js';
import { idSchema } from '../../../common/schemas/ids.js';
import {
  addPupilsRequestSchema,
  cardsResponseSchema,
  groupPupilParamsSchema,
  renamePupilRequestSchema,
  rosterResponseSchema,
} from '../../../common/schemas/pupils.js';
import { access } from '../../access.js';
import { notFound } from '../../http-error.js';
import {
  addPupils,
  getCards,
  getRoster,
  removeGroupPupil,
  renameGroupPupil,
  renewCards,
} from './roster.service.js';

const groupParamsSchema = z.object({ groupId: idSchema });

export const rosterRoutes: FastifyPluginAsyncZod = async (app) => {
  /** The caller's group of the route, or 404. */
  const ownedGroup = (request: { ownedGroup: { id: number; title: string } | null | undefined }) => {
    if (!request.ownedGroup) throw notFound(httpMessages.notFound);
    return request.ownedGroup;
  };

  app.get(
    '/api/user/groups/:groupId/pupils',
    { ...access.userGroup, schema: { params: groupParamsSchema, response: { 200: rosterResponseSchema } } },
    async (request) => getRoster(app.db, ownedGroup(request).id),
  );

  app.post(
    '/api/user/groups/:groupId/pupils',
    {
      ...access.userGroup,
      schema: {
        params: groupParamsSchema,
        body: addPupilsRequestSchema,
        response: { 200: rosterResponseSchema },
      },
    },
    async (request) =>
      addPupils(app.db, request.requireCaller(), ownedGroup(request).id, request.body.names, new Date()),
  );

  app.patch(
    '/api/user/groups/:groupId/pupils/:pupilId',
    {
      ...access.userGroup,
      schema: {
        params: groupPupilParamsSchema,
        body: renamePupilRequestSchema,
        response: { 200: rosterResponseSchema },
      },
    },
    async (request) =>
      renameGroupPupil(
        app.db,
        request.requireCaller(),
        ownedGroup(request).id,
        request.params.pupilId,
        request.body,
      ),
  );

  app.delete(
    '/api/user/groups/:groupId/pupils/:pupilId',
    {
      ...access.userGroup,
      schema: { params: groupPupilParamsSchema, response: { 200: rosterResponseSchema } },
    },
    async (request) =>
      removeGroupPupil(app.db, request.requireCaller(), ownedGroup(request).id, request.params.pupilId),
  );

  app.get(
    '/api/user/groups/:groupId/cards',
    { ...access.userGroup, schema: { params: groupParamsSchema, response: { 200: cardsResponseSchema } } },
    async (request, reply) => {
      // The QR tokens sign pupils in: never kept by a cache.
      reply.header('cache-control', 'no-store');
      return getCards(app.db, ownedGroup(request));
    },
  );

  app.post(
    '/api/user/groups/:groupId/cards/renew',
    { ...access.userGroup, schema: { params: groupParamsSchema, response: { 200: cardsResponseSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return renewCards(app.db, request.requireCaller(), ownedGroup(request));
    },
  );
};
