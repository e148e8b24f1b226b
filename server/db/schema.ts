// The typed shape of every table (snake_case SQL). Booleans are stored as 0/1 integers on both
// databases; timestamps as ISO-8601 UTC text; calendar dates as 'YYYY-MM-DD' text.
import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

export interface UsersTable {
  id: Generated<number>;
  email: string; // lower-cased
  name: string;
  firstname: string;
  telephone: string;
  password_hash: string;
  role: 'admin' | 'teacher';
  active: number;
  school_id: number | null;
  group_limit: number | null; // null = no limit
  remarque: string;
  totp_secret: string | null;
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
  created_at: string;
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
  created_at: string;
}

export interface LessonsTable {
  id: Generated<number>;
  period_id: number;
  title: string;
  created_at: string;
}

/** Curriculum sessions (a lesson's parts), not sign-in sessions. */
export interface LessonSessionsTable {
  id: Generated<number>;
  lesson_id: number;
  title: string;
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
  package_hash: string; // sha256 of the zip: the package is stored by content hash
  size_bytes: number;
  created_at: string;
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
}

/** One row (id 1) whose version database triggers bump on every curriculum change. */
export interface ContentVersionTable {
  id: number;
  version: number;
}

/** One entry per group × activity: the id learners' URLs carry. */
export interface GroupActivitiesTable {
  id: Generated<number>;
  group_id: number;
  activity_id: number;
  status: 'pending' | 'completed';
  completed_at: string | null;
}

/** One entry per group × pdf. */
export interface GroupPdfsTable {
  id: Generated<number>;
  group_id: number;
  pdf_id: number;
}

export interface AuthSessionsTable {
  id: Generated<number>;
  token_hash: string;
  user_id: number;
  expires_at: string;
  created_at: string;
}

export interface LoginThrottleTable {
  key: string; // 'account:<email>' or 'ip:<address>'
  failures: number;
  window_started_at: string;
  blocked_until: string | null;
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
  group_activities: GroupActivitiesTable;
  group_pdfs: GroupPdfsTable;
  auth_sessions: AuthSessionsTable;
  login_throttle: LoginThrottleTable;
  audit_log: AuditLogTable;
  content_version: ContentVersionTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type SchoolRow = Selectable<SchoolsTable>;
export type NewSchool = Insertable<SchoolsTable>;
