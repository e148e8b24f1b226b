// Every URL of the SPA (docs/product.md#screens-and-routes), so that no page spells a route by hand.
import { SIGN_IN_LINK_PATH } from '@/common/constants.js';

const withId = (pattern: string) => (id: number | string) =>
  pattern.replace(':id', encodeURIComponent(String(id)));

export const paths = {
  home: { path: '/', getHref: () => '/' },
  login: { path: '/login', getHref: () => '/login' },
  // The end of a sign-in through the ENT (public, like /login).
  entSession: { path: '/ent/connexion', getHref: () => '/ent/connexion' },
  entLink: { path: '/ent/lier', getHref: () => '/ent/lier' },
  entRefusal: { path: '/ent/refus', getHref: () => '/ent/refus' },
  /** The page behind a one-time sign-in link; its token follows '#'. */
  signInLink: { path: SIGN_IN_LINK_PATH, getHref: () => SIGN_IN_LINK_PATH },

  dashboard: { path: '/dashboard', getHref: () => '/dashboard' },
  schools: { path: '/schools', getHref: () => '/schools' },
  /** The schools' bulk import. */
  schoolsImport: { path: '/schools/import', getHref: () => '/schools/import' },
  schoolForm: { path: '/schoolform', getHref: () => '/schoolform' },
  schoolFormEdit: { path: '/schoolformedit/:id', getHref: withId('/schoolformedit/:id') },
  teachers: { path: '/teachers', getHref: () => '/teachers' },
  /** The teachers' bulk import. */
  teachersImport: { path: '/teachers/import', getHref: () => '/teachers/import' },
  teacherForm: { path: '/teachersform', getHref: () => '/teachersform' },
  teacherFormEdit: { path: '/teacherformedit/:id', getHref: withId('/teacherformedit/:id') },
  levels: { path: '/levels', getHref: () => '/levels' },
  periods: { path: '/periode/:id', getHref: withId('/periode/:id') },
  lessons: { path: '/levels/:id', getHref: withId('/levels/:id') },
  lesson: { path: '/lesson/:id', getHref: withId('/lesson/:id') },
  session: { path: '/session/:id', getHref: withId('/session/:id') },
  activityPreview: { path: '/activity-preview/:id', getHref: withId('/activity-preview/:id') },
  pdfPreview: { path: '/pdf-preview/:id', getHref: withId('/pdf-preview/:id') },
  options: { path: '/options', getHref: () => '/options' },
  audit: { path: '/audit', getHref: () => '/audit' },

  userLevels: { path: '/user', getHref: () => '/user' },
  /** A teacher's own options: the avatar menu's 'options' for every role but admin. */
  userOptions: { path: '/useroptions', getHref: () => '/useroptions' },
  userGroups: { path: '/usergroups/:id', getHref: withId('/usergroups/:id') },
  userTable: { path: '/usertable/:id', getHref: withId('/usertable/:id') },
  pdfViewer: { path: '/pdf/:id', getHref: withId('/pdf/:id') },
  activityPlayer: { path: '/activity/:id', getHref: withId('/activity/:id') },
  /** A group's pupils: the roster, their sign-in cards and their results (docs/pupils.md). */
  groupPupils: { path: '/usertable/:id/eleves', getHref: withId('/usertable/:id/eleves') },
  /** A group's sign-in cards, to print (without the app's chrome). */
  groupCards: { path: '/usertable/:id/eleves/cartes', getHref: withId('/usertable/:id/eleves/cartes') },

  /** The pupils' door without an ENT: class code, name, pictures (public). */
  classDoor: { path: '/classe', getHref: () => '/classe' },
  /** A pupil's space: their groups and what their teachers gave them. */
  pupilHome: { path: '/eleve', getHref: () => '/eleve' },
  /** A pupil plays one of their entries. */
  pupilActivity: { path: '/eleve/activite/:id', getHref: withId('/eleve/activite/:id') },
} as const;

/** Pages a signed-out visitor may stay on (the session check sends everyone else to /login). */
export const isPublicPath = (pathname: string): boolean =>
  pathname === paths.login.path ||
  pathname === paths.signInLink.path ||
  pathname === paths.classDoor.path ||
  pathname.startsWith('/ent/');

/** Where Ardoise's own GAR sign-in starts (the ENT button; a server route, not a page). */
export const SAML_LOGIN_URL = '/api/auth/saml/login';
