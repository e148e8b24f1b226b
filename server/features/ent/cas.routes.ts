// HTTP surface of CAS sign-in (regional ENTs not behind the GAR), one CAS server per school: the
// link an ENT puts on its portal (`/api/auth/cas/login?uai=`), and the callback the CAS server sends
// the browser back to with a ticket, checked with CAS 3.0 p3/serviceValidate. The service URL
// carries the browser's sign-in state (sign-in-state.ts): a ticket is issued for that one URL, so
// a callback is taken only in the browser that started the sign-in.
import type { FastifyPluginAsync } from 'fastify';
import { casAttributesSchema } from '../../../common/schemas/ent.js';
import { isValidUai, normaliseUai } from '../../../common/uai.js';
import { access } from '../../access.js';
import { spendAddressBudget } from '../auth/login-throttle.js';
import { validateServiceTicket } from './cas-client.js';
import { casServerOf, type EntSchool, findSchoolsByUai } from './ent.repository.js';
import { finishEntSignIn, refuseEntSignIn } from './ent-flow.js';
import { refusalPage } from './ent-handoff.js';
import { readIdentity } from './ent-identity.js';
import { holdsState, startState } from './sign-in-state.js';

const TICKET_PATTERN = /^ST-[\w.-]{1,256}$/;

export const casRoutes: FastifyPluginAsync = async (app) => {
  /** The service URL, exactly as the CAS server must see it at login and at validation. */
  const serviceUrl = (uai: string, state: string) =>
    `${app.config.publicUrl}/api/auth/cas/callback?uai=${uai}&state=${state}`;

  /** The school signing in through CAS with this UAI, or why there is none. */
  async function casSchoolOf(value: unknown): Promise<EntSchool | 'unknownSchool' | 'schoolNotEnt'> {
    const uai = typeof value === 'string' ? normaliseUai(value) : '';
    if (!isValidUai(uai)) return 'unknownSchool';
    const [school] = await findSchoolsByUai(app.db, [uai]);
    if (!school) return 'unknownSchool';
    if (school.sign_in_method !== 'cas' || !school.cas_url) return 'schoolNotEnt';
    return school;
  }

  app.get('/api/auth/cas/login', access.public, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    // Each start writes (a request kept, or a refusal in the audit log): so many per address.
    if (!(await spendAddressBudget(app.db, 'ent-start', request.ip, new Date()))) {
      return reply.redirect(refusalPage('tooManyStarts'));
    }
    const uai = (request.query as Record<string, unknown>).uai;
    const school = await casSchoolOf(uai);
    if (typeof school === 'string') {
      return reply.redirect(
        await refuseEntSignIn(app.db, 'cas', school, { uai: [String(uai ?? '').slice(0, 16)] }),
      );
    }
    const login = new URL(`${school.cas_url}/login`);
    login.searchParams.set('service', serviceUrl(school.uai!, startState(request, reply)));
    return reply.redirect(login.toString());
  });

  app.get('/api/auth/cas/callback', access.public, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const query = request.query as Record<string, unknown>;
    if (!holdsState(request, query.state)) {
      return reply.redirect(await refuseEntSignIn(app.db, 'cas', 'notStartedHere'));
    }
    const state = query.state as string;
    const school = await casSchoolOf(query.uai);
    if (typeof school === 'string') return reply.redirect(await refuseEntSignIn(app.db, 'cas', school));
    const ticket = query.ticket;
    if (typeof ticket !== 'string' || !TICKET_PATTERN.test(ticket)) {
      return reply.redirect(
        await refuseEntSignIn(app.db, 'cas', 'invalid', { error: 'missing or malformed ticket' }),
      );
    }
    const validation = await validateServiceTicket(school.cas_url, serviceUrl(school.uai!, state), ticket, {
      allowPrivate: app.config.casAllowPrivateAddresses,
    });
    if (!validation.ok) {
      request.log.warn({ error: validation.error }, 'CAS ticket refused');
      return reply.redirect(await refuseEntSignIn(app.db, 'cas', 'invalid', { error: validation.error }));
    }
    const mapping = casAttributesSchema.safeParse(
      school.cas_attributes ? JSON.parse(school.cas_attributes) : {},
    );
    const read = readIdentity(validation.attributes, {
      provider: 'cas',
      issuer: casServerOf(school.cas_url),
      user: validation.user,
      mapping: mapping.success ? mapping.data : {},
    });
    if ('refusal' in read) return reply.redirect(await refuseEntSignIn(app.db, 'cas', read.refusal));
    return reply.redirect(
      await finishEntSignIn(app.db, read.identity, { next: '', state, casSchool: school }),
    );
  });
};
