// HTTP surface of the GAR sign-in (SAML 2.0): the service provider's metadata, the start of a
// sign-in (HTTP-Redirect, signed request) and the assertion consumer (HTTP-POST). Unset SAML
// settings: the metadata is not found and a sign-in ends on the refusal page.
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { entRefusals } from '../../../common/messages/ent.js';
import { access } from '../../access.js';
import { badRequest, notFound } from '../../http-error.js';
import { spendAddressBudget } from '../auth/login-throttle.js';
import { finishEntSignIn, refuseEntSignIn } from './ent-flow.js';
import { refusalPage } from './ent-handoff.js';
import { readIdentity } from './ent-identity.js';
import { safeNextPath } from './next-path.js';
import { createSamlProvider, SAML_PATHS, SamlReplayError } from './saml-provider.js';
import { holdsState, STATE_LENGTH, startState } from './sign-in-state.js';

const MAX_RESPONSE_LENGTH = 512 * 1024;

const acsBodySchema = z.object({
  SAMLResponse: z
    .string()
    .min(1)
    .max(MAX_RESPONSE_LENGTH)
    .regex(/^[A-Za-z0-9+/=\s]+$/),
  RelayState: z.string().max(1000).optional(),
});

export const samlRoutes: FastifyPluginAsync = async (app) => {
  const provider = app.config.saml ? await createSamlProvider(app.config, app.db, app.log) : null;
  if (provider) app.addHook('onClose', () => provider.close());

  // The IdP posts an HTML form: url-encoded fields (this plugin's routes only).
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body.toString())));
    },
  );

  app.get(SAML_PATHS.metadata, access.public, async (_request, reply) => {
    if (!provider) throw notFound(entRefusals.notConfigured);
    return reply.type('application/samlmetadata+xml; charset=utf-8').send(provider.metadataXml());
  });

  app.get(SAML_PATHS.login, access.public, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    if (!provider) return reply.redirect(refusalPage('notConfigured'));
    // Each start writes (a request kept, or a refusal in the audit log): so many per address.
    if (!(await spendAddressBudget(app.db, 'ent-start', request.ip, new Date()))) {
      return reply.redirect(refusalPage('tooManyStarts'));
    }
    const next = safeNextPath((request.query as Record<string, unknown>).next, app.config.publicUrl);
    if (next === null) return reply.redirect(await refuseEntSignIn(app.db, 'gar', 'badReturn'));
    try {
      // The RelayState: the browser's state, then the path to go to.
      return reply.redirect(await provider.loginUrl(startState(request, reply) + next));
    } catch (error) {
      request.log.error({ err: error }, 'SAML sign-in could not start');
      return reply.redirect(refusalPage('notConfigured'));
    }
  });

  app.post(
    SAML_PATHS.acs,
    { config: { ...access.public.config, xsrfExempt: true } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const body = acsBodySchema.safeParse(request.body);
      if (!body.success) throw badRequest(entRefusals.invalid);
      // 303: the browser follows with a GET, whatever the IdP's form posted.
      const go = (page: string) => reply.redirect(page, 303);
      if (!provider) return go(refusalPage('notConfigured'));
      // The RelayState: the state of the browser that started the sign-in, then the path to go to.
      const relayState = body.data.RelayState ?? '';
      const state = relayState.slice(0, STATE_LENGTH);
      const next = safeNextPath(relayState.slice(STATE_LENGTH), app.config.publicUrl);
      if (next === null) return go(await refuseEntSignIn(app.db, 'gar', 'badReturn'));

      let answer: Awaited<ReturnType<typeof provider.validate>>;
      try {
        answer = await provider.validate(body.data.SAMLResponse.replace(/\s+/g, ''));
      } catch (error) {
        const reason = error instanceof SamlReplayError ? 'expired' : 'invalid';
        request.log.warn({ err: error }, 'SAML response refused');
        return go(await refuseEntSignIn(app.db, 'gar', reason, { error: (error as Error).message }));
      }
      // Someone else's answer, posted from another site to this browser: refused.
      if (!holdsState(request, state)) return go(await refuseEntSignIn(app.db, 'gar', 'notStartedHere'));
      const read = readIdentity(answer.attributes, { provider: 'gar', issuer: answer.issuer });
      if ('refusal' in read) return go(await refuseEntSignIn(app.db, 'gar', read.refusal));
      return go(await finishEntSignIn(app.db, read.identity, { next, state }));
    },
  );
};
