// The whole product's schema. Frozen once landed: later changes are new migration files.
import type { ColumnDefinitionBuilder, CreateTableBuilder, Kysely } from 'kysely';
import type { DbKind } from '../database.js';

type Table = CreateTableBuilder<string, never>;
type Col = (col: ColumnDefinitionBuilder) => ColumnDefinitionBuilder;

export async function up(db: Kysely<unknown>, kind: DbKind): Promise<void> {
  // The one place where the two databases differ: how an auto-increment id is declared.
  const withId = (table: Table): Table =>
    kind === 'postgres'
      ? table.addColumn('id', 'serial', (c) => c.primaryKey())
      : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  const notNull: Col = (c) => c.notNull();
  const ref =
    (target: string): Col =>
    (c) =>
      c.notNull().references(target).onDelete('cascade');
  const text = (table: Table, name: string): Table =>
    table.addColumn(name, 'text', (c) => c.notNull().defaultTo(''));
  const schema = db.schema;

  await withId(schema.createTable('schools'))
    .addColumn('name', 'text', notNull)
    .$call((t) => text(t, 'city'))
    .$call((t) => text(t, 'email'))
    .$call((t) => text(t, 'telephone'))
    .$call((t) => text(t, 'website'))
    .$call((t) => text(t, 'address'))
    .$call((t) => text(t, 'remarque'))
    .addColumn('active_license', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('license_start_date', 'text', notNull)
    .addColumn('license_end_date', 'text', notNull)
    .$call((t) => text(t, 'license_payment_date'))
    .addColumn('created_at', 'text', notNull)
    .addColumn('updated_at', 'text', notNull)
    .execute();

  await withId(schema.createTable('users'))
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', notNull)
    .$call((t) => text(t, 'firstname'))
    .$call((t) => text(t, 'telephone'))
    .addColumn('password_hash', 'text', notNull)
    .addColumn('role', 'text', notNull)
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('school_id', 'integer', (c) => c.references('schools.id').onDelete('cascade'))
    .addColumn('group_limit', 'integer')
    .$call((t) => text(t, 'remarque'))
    .addColumn('totp_secret', 'text')
    .addColumn('totp_enabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('totp_last_step', 'bigint')
    .addColumn('created_at', 'text', notNull)
    .addColumn('updated_at', 'text', notNull)
    .execute();
  await schema.createIndex('users_school_id').on('users').column('school_id').execute();

  await withId(schema.createTable('levels'))
    .addColumn('title', 'text', notNull)
    .addColumn('created_at', 'text', notNull)
    .execute();

  await schema
    .createTable('teacher_levels')
    .addColumn('user_id', 'integer', ref('users.id'))
    .addColumn('level_id', 'integer', ref('levels.id'))
    .addPrimaryKeyConstraint('teacher_levels_pk', ['user_id', 'level_id'])
    .execute();
  await schema.createIndex('teacher_levels_level_id').on('teacher_levels').column('level_id').execute();

  const child = async (table: string, parentColumn: string, parent: string, extra?: (t: Table) => Table) => {
    await withId(schema.createTable(table))
      .addColumn(parentColumn, 'integer', ref(`${parent}.id`))
      .addColumn('title', 'text', notNull)
      .$call((t) => (extra ? extra(t) : t))
      .addColumn('created_at', 'text', notNull)
      .execute();
    await schema.createIndex(`${table}_${parentColumn}`).on(table).column(parentColumn).execute();
  };
  await child('periods', 'level_id', 'levels');
  await child('lessons', 'period_id', 'periods');
  await child('lesson_sessions', 'lesson_id', 'lessons');
  await child('pdfs', 'lesson_id', 'lessons', (t) =>
    t.addColumn('file_key', 'text', notNull).addColumn('size_bytes', 'bigint', notNull),
  );
  await child('activities', 'session_id', 'lesson_sessions', (t) =>
    t.addColumn('package_hash', 'text', notNull).addColumn('size_bytes', 'bigint', notNull),
  );

  await withId(schema.createTable('class_groups'))
    .addColumn('teacher_id', 'integer', ref('users.id'))
    .addColumn('level_id', 'integer', ref('levels.id'))
    .addColumn('title', 'text', notNull)
    .addColumn('created_at', 'text', notNull)
    .execute();
  await schema
    .createIndex('class_groups_teacher_level')
    .on('class_groups')
    .columns(['teacher_id', 'level_id'])
    .execute();
  await schema.createIndex('class_groups_level_id').on('class_groups').column('level_id').execute();

  await withId(schema.createTable('group_activities'))
    .addColumn('group_id', 'integer', ref('class_groups.id'))
    .addColumn('activity_id', 'integer', ref('activities.id'))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('completed_at', 'text')
    .addUniqueConstraint('group_activities_group_activity', ['group_id', 'activity_id'])
    .execute();
  await schema
    .createIndex('group_activities_activity_id')
    .on('group_activities')
    .column('activity_id')
    .execute();

  await withId(schema.createTable('group_pdfs'))
    .addColumn('group_id', 'integer', ref('class_groups.id'))
    .addColumn('pdf_id', 'integer', ref('pdfs.id'))
    .addUniqueConstraint('group_pdfs_group_pdf', ['group_id', 'pdf_id'])
    .execute();
  await schema.createIndex('group_pdfs_pdf_id').on('group_pdfs').column('pdf_id').execute();

  await withId(schema.createTable('auth_sessions'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'integer', ref('users.id'))
    .addColumn('expires_at', 'text', notNull)
    .addColumn('created_at', 'text', notNull)
    .execute();
  await schema.createIndex('auth_sessions_user_id').on('auth_sessions').column('user_id').execute();

  await schema
    .createTable('login_throttle')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('failures', 'integer', notNull)
    .addColumn('window_started_at', 'text', notNull)
    .addColumn('blocked_until', 'text')
    .execute();

  await withId(schema.createTable('audit_log'))
    .addColumn('actor_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('action', 'text', notNull)
    .addColumn('entity', 'text', notNull)
    .addColumn('entity_id', 'integer')
    .addColumn('details', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('created_at', 'text', notNull)
    .execute();
  await schema.createIndex('audit_log_created_at').on('audit_log').column('created_at').execute();
}
