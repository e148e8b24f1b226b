// ENT access (GAR SAML and CAS): how a school's teachers sign in and what their licence gives a new
// account, the external identities accounts are known by, the classes the ENT says a teacher has,
// the short-lived state of a sign-in in progress, and the GAR subscriptions to send.
import type { ColumnDefinitionBuilder, CreateTableBuilder, Kysely } from 'kysely';
import type { DbKind } from '../database.js';

type Table = CreateTableBuilder<string, never>;

export async function up(db: Kysely<unknown>, kind: DbKind): Promise<void> {
  const withId = (table: Table): Table =>
    kind === 'postgres'
      ? table.addColumn('id', 'serial', (c) => c.primaryKey())
      : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  const notNull = (c: ColumnDefinitionBuilder) => c.notNull();
  const schema = db.schema;

  // 'password' (accounts made by an admin), 'gar' or 'cas'. cas_attributes: JSON mapping of the
  // GAR's attribute names to the names this school's CAS server sends ('' = the GAR's names).
  await schema
    .alterTable('schools')
    .addColumn('sign_in_method', 'text', (c) => c.notNull().defaultTo('password'))
    .execute();
  await schema
    .alterTable('schools')
    .addColumn('cas_url', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await schema
    .alterTable('schools')
    .addColumn('cas_attributes', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  // The group limit an account made on the spot starts with (null = no limit).
  await schema.alterTable('schools').addColumn('default_group_limit', 'integer').execute();

  // The levels the school's licence includes: what an account made on the spot gets.
  await schema
    .createTable('school_levels')
    .addColumn('school_id', 'integer', (c) => c.notNull().references('schools.id').onDelete('cascade'))
    .addColumn('level_id', 'integer', (c) => c.notNull().references('levels.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('school_levels_pk', ['school_id', 'level_id'])
    .execute();
  await schema.createIndex('school_levels_level_id').on('school_levels').column('level_id').execute();

  // Who an ENT says the account is: the GAR's IDO (issuer: the IdP's entityID) or a CAS user
  // (issuer: the CAS server's URL). One account may have several.
  await withId(schema.createTable('external_identities'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('provider', 'text', notNull)
    .addColumn('issuer', 'text', notNull)
    .addColumn('subject', 'text', notNull)
    .addColumn('created_at', 'text', notNull)
    .addColumn('last_seen_at', 'text', notNull)
    .addUniqueConstraint('external_identities_subject', ['provider', 'issuer', 'subject'])
    .execute();
  await schema
    .createIndex('external_identities_user_id')
    .on('external_identities')
    .column('user_id')
    .execute();

  // The teacher's classes (DIV) and groups (GRO) as the ENT last sent them.
  await schema
    .createTable('teacher_classes')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', notNull)
    .addColumn('code', 'text', notNull)
    .addColumn('label', 'text', notNull)
    .addPrimaryKeyConstraint('teacher_classes_pk', ['user_id', 'kind', 'code'])
    .execute();
  // The class a group was made for ('div:6A'), so that it is made once per level.
  await schema.alterTable('class_groups').addColumn('ent_class', 'text').execute();
  await schema
    .createIndex('class_groups_ent_class')
    .on('class_groups')
    .columns(['teacher_id', 'level_id', 'ent_class'])
    .unique()
    .execute();

  // A sign-in in progress: the SAML requests sent (InResponseTo is checked against them), and the
  // one-time codes that hand a finished sign-in, or a pending link to a password account, to the
  // browser. Only hashes of the codes are kept.
  await schema
    .createTable('ent_states')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', notNull)
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('data', 'text', notNull)
    .addColumn('expires_at', 'text', notNull)
    .execute();
  await schema.createIndex('ent_states_expires_at').on('ent_states').column('expires_at').execute();

  // The GAR subscription of each school with a UAI: what was last accepted, what is to be sent
  // (outbox: a save never waits for the GAR), and how the last try went. school_id is emptied when
  // the school is deleted, so that the deletion can still be sent.
  await withId(schema.createTable('gar_subscriptions'))
    .addColumn('subscription_id', 'text', (c) => c.notNull().unique())
    .addColumn('school_id', 'integer', (c) => c.references('schools.id').onDelete('set null'))
    .addColumn('uai', 'text', notNull)
    .addColumn('accepted', 'text') // JSON of the fields the GAR accepted last; null = none there
    .addColumn('wanted', 'text') // JSON of the fields it should hold; null = none (delete)
    .addColumn('status', 'text', notNull) // 'pending' | 'sent' | 'refused'
    .addColumn('message', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text')
    .addColumn('updated_at', 'text', notNull)
    .execute();
  await schema
    .createIndex('gar_subscriptions_school_id')
    .on('gar_subscriptions')
    .column('school_id')
    .execute();
  await schema
    .createIndex('gar_subscriptions_next_attempt_at')
    .on('gar_subscriptions')
    .column('next_attempt_at')
    .execute();
}
