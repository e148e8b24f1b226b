// The typed shape of every table (snake_case SQL). Booleans are stored as 0/1 integers on both
// databases; timestamps as ISO-8601 UTC text; calendar dates as 'YYYY-MM-DD' text.

import type { Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { PackageKind } from '../../common/schemas/activity-package.js';
import type { RuntimeStandard } from '../../common/schemas/activity-runtime.js';
import type { EntProvider, SignInMethod } from '../../common/schemas/ent.js';

export interface UsersTable {
  id: Generated<number>;
  email: string; // lower-cased
  name: string;
  firstname: string;
  telephone: string;
  password_hash: string;
  /** Pupils have no email (a handle stands in) and no password (docs/pupils.md). */
  role: 'admin' | 'teacher' | 'pupil';
  active: number;
  school_id: number | null;
  group_limit: number | null; // null = no limit
  remarque: string;
  /** The secret sign-in asks a code from (when totp_enabled); null until one is confirmed. */
  totp_secret: string | null;
  /** A new secret shown for scanning; it replaces totp_secret once a code from it is typed. */
  totp_pending_secret: string | null;
  totp_enabled: number;
  totp_last_step: number | null; // replay guard: a code's step is accepted once
  created_at: string;
  updated_at: string;
}

export interface SchoolsTable {
  id: Generated<number>;
  name: string;
  city: string;
  email: string;
  telephone: string;
  website: string;
  address: string;
  remarque: string;
  active_license: number;
  license_start_date: string;
  license_end_date: string;
  license_payment_date: string;
  /** The school's UAI, upper case (common/uai.ts); unique when set. */
  uai: string | null;
  /** How its teachers sign in (common/schemas/ent.ts SignInMethod). */
  sign_in_method: Generated<SignInMethod>;
  /** The CAS server's base URL ('' = none). */
  cas_url: Generated<string>;
  /** JSON: the GAR's attribute names → this school's CAS attribute names ('' = the GAR's names). */
  cas_attributes: Generated<string>;
  /** The group limit of an account made on the spot (null = no limit). */
  default_group_limit: number | null;
  created_at: string;
  updated_at: string;
}

/** The levels a school's licence includes. */
export interface SchoolLevelsTable {
  school_id: number;
  level_id: number;
}

/** Who an ENT says an account is (the GAR's IDO, or a CAS user). */
export interface ExternalIdentitiesTable {
  id: Generated<number>;
  user_id: number;
  provider: EntProvider;
  /** The IdP's entityID, or the CAS server's URL. */
  issuer: string;
  subject: string;
  created_at: string;
  last_seen_at: string;
}

/** A teacher's (or an ENT pupil's) classes (div) and groups (gro) as the ENT last sent them: a
 * pupil's let a group made later for one of them take the pupil in at once (docs/ent.md). */
export interface TeacherClassesTable {
  user_id: number;
  kind: 'div' | 'gro';
  code: string;
  label: string;
}

/** A sign-in in progress: a SAML request sent, or a one-time code (hashed) handed to the browser. */
export interface EntStatesTable {
  key: string;
  kind: 'saml-request' | 'saml-answered' | 'session-code' | 'link-code';
  user_id: number | null;
  data: string; // JSON
  expires_at: string;
}

/** A school's GAR subscription: what the GAR holds, what it should hold, and the last try. */
export interface GarSubscriptionsTable {
  id: Generated<number>;
  subscription_id: string;
  school_id: number | null;
  uai: string;
  accepted: string | null;
  wanted: string | null;
  status: 'pending' | 'sent' | 'refused';
  message: Generated<string>;
  attempts: Generated<number>;
  next_attempt_at: string | null;
  updated_at: string;
}

export interface LevelsTable {
  id: Generated<number>;
  title: string;
  created_at: string;
}

export interface TeacherLevelsTable {
  user_id: number;
  level_id: number;
}

export interface PeriodsTable {
  id: Generated<number>;
  level_id: number;
  title: string;
  /** Order among its siblings (migration 007): the learning table follows it. */
  position: Generated<number>;
  created_at: string;
}

export interface LessonsTable {
  id: Generated<number>;
  period_id: number;
  title: string;
  /** Order among its siblings (migration 007): the learning table follows it. */
  position: Generated<number>;
  created_at: string;
}

/** Curriculum sessions (a lesson's parts), not sign-in sessions. */
export interface LessonSessionsTable {
  id: Generated<number>;
  lesson_id: number;
  title: string;
  /** Order among its siblings (migration 007): the learning table follows it. */
  position: Generated<number>;
  created_at: string;
}

export interface PdfsTable {
  id: Generated<number>;
  lesson_id: number;
  title: string;
  file_key: string; // path inside the file store
  size_bytes: number;
  created_at: string;
}

export interface ActivitiesTable {
  id: Generated<number>;
  session_id: number;
  title: string;
  /** Order among its siblings (migration 007): the learning table follows it. */
  position: Generated<number>;
  package_hash: string; // sha256 of the zip: the package is stored by content hash
  size_bytes: number;
  created_at: string;
  /** What the package was recognised as. */
  package_kind: Generated<PackageKind>;
  /** The zip folder the package lives in: '' or a single top folder ending with '/'. */
  package_root: Generated<string>;
  /** The start page, relative to package_root (query string kept). */
  launch_path: Generated<string>;
  /** The PackageSummary as JSON; null until the package has been described. */
  package_summary: string | null;
}

/** A class, owned by one teacher, inside one level. */
export interface ClassGroupsTable {
  id: Generated<number>;
  teacher_id: number;
  level_id: number;
  title: string;
  created_at: string;
  /** Bumped whenever the group's entries change (learning-table cache). */
  progress_version: Generated<number>;
  /** The ENT class it was made for ('div:6A'), or null. */
  ent_class: string | null;
  /** The code its pupils type at /classe (common/pupils.ts), made when a first card is printed. */
  class_code: string | null;
}

/** What only a pupil account has (its `users` row holds the names, school and handle). */
export interface PupilsTable {
  user_id: number;
  /** Shown as « Élève <pseudonym> » while the pupil has no name. */
  pseudonym: string;
  /** The picture password of the sign-in card: picture numbers joined by '-' ('' = no card). */
  picture_code: Generated<string>;
  /** Part of the card's QR code: bumped to void printed cards. */
  card_version: Generated<number>;
  last_seen_at: string;
}

/** The pupils of a group. */
export interface GroupPupilsTable {
  group_id: number;
  pupil_id: number;
  created_at: string;
  /** 1: the ENT put the pupil there (their class is the group's `ent_class`), and a sign-in
   * without that class takes them out; 0: a teacher did, and only a teacher does. */
  via_ent: Generated<number>;
}

/** An activity a teacher gave a group's pupils to do (« Donner aux élèves »). */
export interface GroupAssignmentsTable {
  group_id: number;
  activity_id: number;
  /** 'YYYY-MM-DD' (« pour le … »), or null. */
  due_date: string | null;
  given_at: string;
}

/** One row (id 1) whose version database triggers bump on every curriculum change. */
export interface ContentVersionTable {
  id: number;
  version: number;
}

/** An entry: the class's (group × activity, pupil_id null), the id the teacher area's URLs carry,
 * or one pupil's (group × activity × pupil) for an activity given to the group. Runtime data,
 * launches and statements hang on an entry either way. */
export interface GroupActivitiesTable {
  id: Generated<number>;
  group_id: number;
  activity_id: number;
  /** The pupil whose entry this is; null for the class's entry. */
  pupil_id: number | null;
  status: 'pending' | 'completed';
  completed_at: string | null;
  /** The last score (0–100) the activity reported, or null. */
  score: number | null;
}

/** The runtime data an entry's activity last reported (SCORM cmi data, H5P state and result). */
export interface ActivityRuntimeTable {
  entry_id: number;
  standard: RuntimeStandard;
  data: string; // JSON
  updated_at: string;
}

/** Per launch (one opening on one device) of an entry: the highest write number applied. */
export interface ActivityRuntimeLaunchesTable {
  entry_id: number;
  launch_id: string;
  last_seq: number;
}

/** The xAPI statements an entry's content sent (cmi5, Tin Can, H5P), each id once per entry. */
export interface XapiStatementsTable {
  id: Generated<number>;
  entry_id: number;
  statement_id: string;
  verb_id: string;
  /** The object's id ('' when the object is not an activity). */
  object_id: string;
  /** The statement's timestamp, else when it was stored. */
  timestamp: string;
  stored_at: string;
  /** result.score.scaled, else raw within min/max. */
  score_scaled: number | null;
  success: 0 | 1 | null;
  completion: 0 | 1 | null;
  statement: string; // JSON as sent
}

/** One entry per group × pdf. */
export interface GroupPdfsTable {
  id: Generated<number>;
  group_id: number;
  pdf_id: number;
}

/** Completions per group and week (Monday 'YYYY-MM-DD', UTC), kept by triggers (migration 005). */
export interface ActivityGroupWeeksTable {
  week_start: string;
  group_id: number;
  completions: number;
}

/** Completions and active groups per week (Monday 'YYYY-MM-DD', UTC), kept by triggers (migration 005). */
export interface ActivityWeeksTable {
  week_start: string;
  completions: number;
  active_groups: number;
}

/** Completions per school and day ('YYYY-MM-DD', UTC), kept by triggers (migration 005). */
export interface ActivitySchoolDaysTable {
  day: string;
  school_id: number;
  completions: number;
}

export interface AuthSessionsTable {
  id: Generated<number>;
  token_hash: string;
  user_id: number;
  expires_at: string;
  created_at: string;
}

export interface SignInThrottleTable {
  key: string; // 'account:<email>', 'device:<id>' or 'address:<ip>'
  failures: number; // in a row (account, device), or the address bucket's level
  last_failure_at: string;
  blocked_until: string | null;
}

export interface SigningKeysTable {
  name: string; // 'device-cookie'
  secret: string;
  created_at: string;
}

export interface AuditLogTable {
  id: Generated<number>;
  actor_id: number | null;
  action: string;
  entity: string;
  entity_id: number | null;
  details: string; // JSON text
  created_at: string;
}

/** A one-time sign-in link: the account's owner chooses a password through it. */
export interface SignInLinksTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  purpose: 'invite' | 'reset';
  created_at: string;
  expires_at: string;
}

/** An email waiting to be handed to the SMTP server. */
export interface MailOutboxTable {
  id: Generated<number>;
  recipient: string;
  subject: string;
  body: string;
  created_at: string;
  attempts: Generated<number>;
  next_attempt_at: string;
  last_error: string | null;
}

export interface Database {
  users: UsersTable;
  schools: SchoolsTable;
  levels: LevelsTable;
  teacher_levels: TeacherLevelsTable;
  periods: PeriodsTable;
  lessons: LessonsTable;
  lesson_sessions: LessonSessionsTable;
  pdfs: PdfsTable;
  activities: ActivitiesTable;
  class_groups: ClassGroupsTable;
  pupils: PupilsTable;
  group_pupils: GroupPupilsTable;
  group_assignments: GroupAssignmentsTable;
  group_activities: GroupActivitiesTable;
  group_pdfs: GroupPdfsTable;
  activity_runtime: ActivityRuntimeTable;
  activity_runtime_launches: ActivityRuntimeLaunchesTable;
  xapi_statements: XapiStatementsTable;
  activity_group_weeks: ActivityGroupWeeksTable;
  activity_school_days: ActivitySchoolDaysTable;
  activity_weeks: ActivityWeeksTable;
  auth_sessions: AuthSessionsTable;
  sign_in_throttle: SignInThrottleTable;
  signing_keys: SigningKeysTable;
  audit_log: AuditLogTable;
  content_version: ContentVersionTable;
  school_levels: SchoolLevelsTable;
  external_identities: ExternalIdentitiesTable;
  teacher_classes: TeacherClassesTable;
  ent_states: EntStatesTable;
  gar_subscriptions: GarSubscriptionsTable;
  sign_in_links: SignInLinksTable;
  mail_outbox: MailOutboxTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type SchoolRow = Selectable<SchoolsTable>;
export type NewSchool = Insertable<SchoolsTable>;
