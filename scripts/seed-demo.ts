// npm run seed:demo — fills an empty database with a demo school, a teacher, a small curriculum,
// a PDF and a playable activity, then prints the logins. It goes through the real API routes
// in-process (with the first admin's identity), so the demo data obeys every rule the app applies.
import crypto from 'node:crypto';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../server/app.js';
import { prepare } from '../server/bootstrap.js';
import { type Config, loadConfig } from '../server/config.js';
import { insertSession } from '../server/features/auth/session.repository.js';
import { buildActivityZip, buildPdf } from '../server/fixtures/files.js';

const TEACHER_EMAIL = 'camille.martin@ardoise.local';

export type SeedResult =
  | { created: false }
  | { created: true; teacherEmail: string; teacherPassword: string };

export async function seedDemo(config: Config, print: (line: string) => void): Promise<SeedResult> {
  const { db, files } = await prepare(config, print);
  const existing = await db.selectFrom('levels').select('id').executeTakeFirst();
  if (existing || (await db.selectFrom('schools').select('id').executeTakeFirst())) {
    print('The database already has content: seed:demo only fills an empty database.');
    await db.destroy();
    return { created: false };
  }
  const admin = await db
    .selectFrom('users')
    .select(['id', 'email'])
    .where('role', '=', 'admin')
    .executeTakeFirstOrThrow();
  const app = await buildApp({ db, config, files, logger: false });
  const token = await insertSession(db, admin.id, new Date(), 10 * 60_000);
  const create = creatorFor(app, token);

  const today = new Date().toISOString().slice(0, 10);
  const nextYear = new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10);
  const school = await create('/api/admin/createschool', 'school', {
    schoolName: 'École Jules Ferry',
    city: 'Lyon',
    email: 'contact@jules-ferry.example',
    telephone: '04 78 00 00 00',
    website: 'https://jules-ferry.example',
    addres: '12 rue de la République',
    licensestartdate: today,
    licensesddate: nextYear,
    licensespaymentdate: today,
    activelicense: true,
    remarque: 'École de démonstration',
  });
  const level = await create('/api/admin/createlevel', 'level', { title: 'CP — Cours préparatoire' });
  const password = crypto.randomBytes(9).toString('base64url');
  await create('/api/admin/createteacher', 'teacher', {
    name: 'Martin',
    firstname: 'Camille',
    school: school.id,
    levels: [{ id: level.id, title: level.title }],
    Groups: 5,
    Email: TEACHER_EMAIL,
    compteactife: true,
    telephone: '06 00 00 00 00',
    password,
    remarque: '',
  });

  for (const [periodIndex, periodTitle] of ['Rentrée', 'Automne'].entries()) {
    const period = await create('/api/admin/createperiod', 'period', {
      title: periodTitle,
      levelid: level.id,
    });
    for (let lessonIndex = 1; lessonIndex <= 2; lessonIndex++) {
      const lesson = await create('/api/admin/createlessons', 'lesson', {
        title: `Leçon ${periodIndex * 2 + lessonIndex} — Les sons et les lettres`,
        levelid: period.id,
      });
      await uploadThroughApi(app, token, {
        title: 'Fiche élève',
        id: lesson.id,
        filename: 'fiche.pdf',
        type: 'application/pdf',
        bytes: buildPdf(`Fiche de la leçon ${periodIndex * 2 + lessonIndex}`, 2),
      });
      for (let sessionIndex = 1; sessionIndex <= 2; sessionIndex++) {
        const session = await create('/api/admin/createsession', 'session', {
          title: `Séance ${sessionIndex}`,
          id: lesson.id,
        });
        for (const name of ['Écoute', 'Lecture']) {
          await uploadThroughApi(app, token, {
            title: `${name} ${sessionIndex}`,
            id: session.id,
            filename: 'activite.zip',
            type: 'application/zip',
            bytes: buildActivityZip(`${name} — séance ${sessionIndex}`),
          });
        }
      }
    }
  }

  await db.deleteFrom('auth_sessions').where('user_id', '=', admin.id).execute();
  await app.close();
  await db.destroy();
  print('Demo content created.');
  print(`  admin:   ${admin.email} (the password printed at first start, or ADMIN_PASSWORD)`);
  print(`  teacher: ${TEACHER_EMAIL} / ${password}`);
  return { created: true, teacherEmail: TEACHER_EMAIL, teacherPassword: password };
}

/** Create routes answer { success, <entity>: { id, title } }: returns the entity. */
function creatorFor(app: FastifyInstance, token: string) {
  return async (url: string, entity: string, body: object): Promise<{ id: number; title: string }> => {
    const response = await app.inject({
      method: 'POST',
      url,
      payload: body,
      headers: { authorization: `Bearer ${token}`, 'x-xsrf-token': 'seed' },
      cookies: { '__Host-XSRF-TOKEN': 'seed' },
    });
    const created = response.statusCode < 300 ? response.json()[entity] : undefined;
    if (!created) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
    return created;
  };
}

/** Uploads a file through the real upload route, as an admin would. */
export async function uploadThroughApi(
  app: FastifyInstance,
  token: string,
  file: { title: string; id: number; filename: string; type: string; bytes: Buffer },
): Promise<void> {
  const boundary = `----ardoise${crypto.randomBytes(8).toString('hex')}`;
  const field = (name: string, value: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const body = Buffer.concat([
    Buffer.from(field('title', file.title) + field('id', String(file.id))),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.filename}"\r\nContent-Type: ${file.type}\r\n\r\n`,
    ),
    file.bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const response = await app.inject({
    method: 'POST',
    url: '/api/admin/upload',
    payload: body,
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      authorization: `Bearer ${token}`,
      'x-xsrf-token': 'seed',
    },
    cookies: { '__Host-XSRF-TOKEN': 'seed' },
  });
  if (response.statusCode >= 300)
    throw new Error(`upload ${file.filename}: ${response.statusCode} ${response.body}`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  seedDemo(loadConfig(), (line) => console.log(line)).catch((error: unknown) => {
    console.error('seed:demo failed:', error);
    process.exit(1);
  });
}
