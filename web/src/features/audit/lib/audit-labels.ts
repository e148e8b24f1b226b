// The audit log's entries in words (texts in common/messages/insights): one French sentence per
// entry ("a déposé l’activité « Les sons » (SCORM 1.2, 42 fichiers) dans la séance « Séance 1 »"),
// then what changed as readable lines; ids, hashes and sizes stay out of the sentence.
import { formatBytes, formatWait } from '@/common/french.js';
import { packageCounts, packageKindNames } from '@/common/messages/curriculum.js';
import { entRefusals } from '@/common/messages/ent.js';
import { insightsMessages as m } from '@/common/messages/insights.js';
import type { PackageKind } from '@/common/schemas/activity-package.js';
import { ENT_PROVIDER_NAMES, type EntProvider } from '@/common/schemas/ent.js';
import type { AuditEntry } from '@/common/schemas/insights.js';
import { SHA256_HEX } from '@/common/sha256.js';

export const entityLabels = m.auditEntities;

/** How a sentence names each kind of object: with its article, after "à" and after "de". */
const nouns: Record<string, { the: string; to: string; of: string; plural: string }> = {
  school: { the: 'l’école', to: 'à l’école', of: 'de l’école', plural: 'les écoles' },
  teacher: {
    the: 'le compte enseignant',
    to: 'au compte enseignant',
    of: 'du compte enseignant',
    plural: 'les enseignants',
  },
  user: { the: 'le compte', to: 'au compte', of: 'du compte', plural: 'les comptes' },
  level: { the: 'le niveau', to: 'au niveau', of: 'du niveau', plural: 'les niveaux' },
  period: { the: 'la période', to: 'à la période', of: 'de la période', plural: 'les périodes' },
  lesson: { the: 'la leçon', to: 'à la leçon', of: 'de la leçon', plural: 'les leçons' },
  session: { the: 'la séance', to: 'à la séance', of: 'de la séance', plural: 'les séances' },
  activity: { the: 'l’activité', to: 'à l’activité', of: 'de l’activité', plural: 'les activités' },
  pdf: { the: 'le PDF', to: 'au PDF', of: 'du PDF', plural: 'les PDF' },
};
/** The parent each kind of curriculum node is added to. */
const parentOf: Record<string, { kind: string; idKey: string }> = {
  period: { kind: 'level', idKey: 'levelId' },
  lesson: { kind: 'period', idKey: 'periodId' },
  session: { kind: 'lesson', idKey: 'lessonId' },
  pdf: { kind: 'lesson', idKey: 'lessonId' },
  activity: { kind: 'session', idKey: 'sessionId' },
};

const quoted = (text: unknown) => `«\u00a0${String(text)}\u00a0»`;
const str = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : undefined;
const num = (value: unknown): number | undefined => (typeof value === 'number' ? value : undefined);

/** "la séance « Séance 1 »", else "la séance n° 12", else "la séance". */
function named(kind: string, form: 'the' | 'to' | 'of', title: unknown, id?: unknown): string {
  const noun = nouns[kind]?.[form] ?? kind;
  if (str(title)) return `${noun} ${quoted(title)}`;
  if (num(id) !== undefined) return `${noun} n° ${id}`;
  return noun;
}

/** The entry as one sentence whose subject is its actor ("a créé…"), or, for a refused sign-in,
 * a sentence of its own. Unknown actions read as their kind and verb. */
export function auditSentence(entry: AuditEntry): string {
  const d = entry.details;
  const verb = entry.action.slice(entry.action.indexOf('.') + 1);
  const kind = entry.entity;
  const self = (form: 'the' | 'to' | 'of' = 'the') =>
    named(kind, form, d.title ?? d.name ?? (kind === 'teacher' ? d.email : undefined), entry.entityId);
  switch (entry.action) {
    case 'auth.login':
      return 's’est connecté';
    case 'auth.login-refused':
      return `Connexion refusée pour ${quoted(d.email ?? '')}${str(d.reason) ? ` : ${d.reason}` : ''}`;
    case 'auth.throttle':
      return throttleSentence(d);
    case 'auth.ent-login':
      return `s’est connecté par l’ENT${str(d.provider) ? ` (${providerName(d.provider)})` : ''}`;
    case 'auth.ent-refused':
      return `Connexion par l’ENT${str(d.provider) ? ` (${providerName(d.provider)})` : ''} refusée${str(d.reason) ? ` : ${refusalText(d.reason as string)}` : ''}`;
    case 'auth.ent-link':
      return 'a relié son compte à l’ENT';
    case 'pupil.ent-create':
      return `Compte élève créé à sa première connexion par l’ENT${str(d.uai) ? ` (UAI ${d.uai})` : ''}`;
    case 'teacher.ent-create':
      return `Compte enseignant créé à sa première connexion par l’ENT${str(d.uai) ? ` (UAI ${d.uai})` : ''}`;
    case 'teacher.invite':
      return `a créé ${self()} avec un lien de connexion`;
    case 'teacher.reset-link':
      return `a donné un lien pour choisir un mot de passe ${named('teacher', 'to', d.name ?? d.email, entry.entityId)}`;
    case 'user.choose-password':
      return 'a choisi son mot de passe par un lien de connexion';
    case 'user.change-password':
      return 'a changé son mot de passe';
    case 'admin.confirm-2fa':
      return 'a confirmé la double authentification par un premier code';
    case 'school.import':
    case 'teacher.import':
      return `a importé ${nouns[kind]?.plural ?? kind}${importCounts(d)}`;
    case 'admin.update-profile':
      return d.passwordChanged ? 'a modifié son profil et son mot de passe' : 'a modifié son profil';
    case 'admin.enable-2fa':
      return 'a activé la double authentification';
    case 'admin.disable-2fa':
      return 'a désactivé la double authentification';
    case 'school.activate':
      return `a activé la licence ${named('school', 'of', d.name, entry.entityId)}`;
    case 'school.deactivate':
      return `a désactivé la licence ${named('school', 'of', d.name, entry.entityId)}`;
    case 'teacher.activate':
      return `a activé ${self()}`;
    case 'teacher.deactivate':
      return `a désactivé ${self()}`;
    // No name: the pupil may since have been erased, and their entries keep no personal data.
    case 'pupil.export':
      return `a exporté les données de l’élève n° ${entry.entityId}`;
    case 'pupil.erase':
      return d.reason === 'retention'
        ? `Élève n° ${entry.entityId} effacé : pas revenu pendant la durée de conservation`
        : `a effacé l’élève n° ${entry.entityId}`;
    case 'activity.create': {
      const kindName = packageKindNames[d.kind as PackageKind];
      const facts = [
        kindName,
        num(d.files) !== undefined ? packageCounts.files(d.files as number) : undefined,
      ]
        .filter(Boolean)
        .join(', ');
      return `a déposé ${self()}${facts ? ` (${facts})` : ''} dans ${named('session', 'the', d.parentTitle, d.sessionId)}`;
    }
    case 'pdf.create': {
      const size = num(d.sizeBytes) !== undefined ? ` (${formatBytes(d.sizeBytes as number)})` : '';
      return `a déposé ${self()}${size} dans ${named('lesson', 'the', d.parentTitle, d.lessonId)}`;
    }
  }
  const parent = parentOf[kind];
  switch (verb) {
    case 'create':
      return parent
        ? `a ajouté ${self()} ${named(parent.kind, 'to', d.parentTitle, d[parent.idKey])}`
        : `a créé ${self()}`;
    case 'update':
      return `a modifié ${self()}`;
    case 'rename':
      return str(d.previousTitle)
        ? `a renommé ${named(kind, 'the', d.previousTitle)} en ${quoted(d.title)}`
        : `a renommé ${named(kind, 'the', undefined, entry.entityId)} en ${quoted(d.title)}`;
    case 'delete':
      return `a supprimé ${self()}${deletedWith(d)}`;
    case 'reorder': {
      const children = nouns[entry.action.slice(0, entry.action.indexOf('.'))]?.plural ?? '';
      return `a changé l’ordre ${children.startsWith('les ') ? `des ${children.slice(4)}` : children} ${named(kind, 'of', d.parentTitle, entry.entityId)}`;
    }
  }
  const label = m.auditVerbs[verb];
  return label ? `${entityLabels[kind] ?? kind} : ${label}` : entry.action;
}

/** What a throttled check was for, after "lors". */
const throttlePurposes: Record<string, string> = {
  'sign-in': 'de la connexion',
  'two-factor': 'd’un code de double authentification',
  'password-change': 'd’un changement de mot de passe',
  'ent-link': 'de la liaison à l’ENT',
};

/** "Essais ralentis pour le compte « a@b.fr » lors de la connexion : prochain essai dans 2 minutes". */
function throttleSentence(d: Record<string, unknown>): string {
  const who =
    d.scope === 'address'
      ? `depuis l’adresse ${String(d.address ?? '')}`
      : d.scope === 'device'
        ? `sur un navigateur connu du compte ${quoted(d.email ?? '')}`
        : `pour le compte ${quoted(d.email ?? '')}`;
  const purpose = str(d.purpose) && throttlePurposes[d.purpose as string];
  const wait =
    num(d.seconds) !== undefined ? ` : prochain essai dans ${formatWait(d.seconds as number)}` : '';
  return `Essais ralentis ${who}${purpose ? ` lors ${purpose}` : ''}${wait}`;
}

/** A provider's name; an entry written with a provider Ardoise no longer has shows what it holds. */
const providerName = (provider: unknown) =>
  typeof provider === 'string' && Object.hasOwn(ENT_PROVIDER_NAMES, provider)
    ? ENT_PROVIDER_NAMES[provider as EntProvider]
    : String(provider);

/** An ENT refusal's reason is stored as its key: shown as the sentence the user read. */
const refusalText = (reason: string) =>
  Object.hasOwn(entRefusals, reason) ? entRefusals[reason as keyof typeof entRefusals] : reason;

/** " (12 créés, 3 mis à jour, 40 inchangés)" after an import. */
function importCounts(d: Record<string, unknown>): string {
  const parts = (
    [
      ['created', 'créé', 'créés'],
      ['updated', 'mis à jour', 'mis à jour'],
      ['unchanged', 'inchangé', 'inchangés'],
    ] as const
  ).flatMap(([key, one, many]) => {
    const count = num(d[key]);
    return count === undefined ? [] : [`${count} ${count > 1 ? many : one}`];
  });
  return parts.length > 0 ? ` (${parts.join(', ')})` : '';
}

/** "(avec 2 PDF et 5 activités)" after a deleted node, "(avec ses 3 enseignants)" after a school. */
function deletedWith(d: Record<string, unknown>): string {
  const parts: string[] = [];
  const pdfs = num(d.pdfs);
  const activities = num(d.activities);
  if (pdfs) parts.push(`${pdfs} PDF`);
  if (activities) parts.push(activities === 1 ? '1 activité' : `${activities} activités`);
  const teachers = num(d.teachersDeleted);
  if (teachers) parts.push(teachers === 1 ? 'son enseignant' : `ses ${teachers} enseignants`);
  const pupils = num(d.pupilsDeleted);
  if (pupils) parts.push(pupils === 1 ? 'son élève' : `ses ${pupils} élèves`);
  return parts.length > 0 ? ` (avec ${parts.join(' et ')})` : '';
}

/** French names of the fields a change lists (form fields and stored columns). */
const fieldNames: Record<string, string> = {
  schoolName: 'Nom',
  name: 'Nom',
  firstname: 'Prénom',
  city: 'Ville',
  email: 'Adresse e-mail',
  Email: 'Adresse e-mail',
  telephone: 'Téléphone',
  website: 'Site web',
  addres: 'Adresse',
  address: 'Adresse',
  remarque: 'Remarques',
  licensestartdate: 'Début de licence',
  license_start_date: 'Début de licence',
  licensesddate: 'Fin de licence',
  license_end_date: 'Fin de licence',
  licensespaymentdate: 'Dernier paiement',
  license_payment_date: 'Dernier paiement',
  activelicense: 'Licence active',
  active_license: 'Licence active',
  school: 'École',
  school_id: 'École',
  levels: 'Niveaux',
  Groups: 'Groupes',
  group_limit: 'Groupes',
  compteactife: 'Compte actif',
  active: 'Compte actif',
  password: 'Mot de passe',
};
const fieldName = (key: string) => fieldNames[key] ?? key;

/** A detail worth a line under the sentence: a value, or a hash shown short with a copy button. */
export type DetailLine = { label: string; value: string } | { label: string; hash: string };

/** What the sentence already says, or only a developer reads. */
const SAID = new Set([
  'title',
  'name',
  'parentTitle',
  'previousTitle',
  'kind',
  'files',
  'sizeBytes',
  'sessionId',
  'lessonId',
  'periodId',
  'levelId',
  'schoolId',
  'levelIds',
  'pdfs',
  'activities',
  'teachersDeleted',
  'pupilsDeleted',
  'count',
  'status',
  'reason',
  'provider',
  'scope',
  'seconds',
  'purpose',
  'address',
]);
/** The counts an import's sentence gives. */
const IMPORT_COUNTS = new Set(['created', 'updated', 'unchanged']);

const shown = (value: unknown): string => {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? m.yes : m.no;
  if (Array.isArray(value)) return value.map(String).join(', ');
  return typeof value === 'string' ? value : JSON.stringify(value);
};

/** The lines under an entry's sentence: what changed ("Ville : Grenoble → Échirolles"), the fields
 * a change touched, and hashes (shortened, copyable). */
export function detailLines(entry: AuditEntry): DetailLine[] {
  const { before, after, fields, ...rest } = entry.details;
  const lines: DetailLine[] = [];
  if (isRecord(before) || isRecord(after)) {
    const b = isRecord(before) ? before : {};
    const a = isRecord(after) ? after : {};
    for (const key of new Set([...Object.keys(b), ...Object.keys(a)])) {
      lines.push({ label: fieldName(key), value: `${shown(b[key])} → ${shown(a[key])}` });
    }
  }
  if (Array.isArray(fields) && fields.length > 0 && lines.length === 0) {
    lines.push({
      label: m.auditDetailNames.fields ?? 'Champs',
      value: fields.map((f) => fieldName(String(f))).join(', '),
    });
  }
  for (const [key, value] of Object.entries(rest)) {
    if (SAID.has(key) || (entry.action.endsWith('.import') && IMPORT_COUNTS.has(key))) continue;
    if (key === 'passwordChanged') {
      if (value === true && entry.action !== 'admin.update-profile') {
        lines.push({ label: fieldName('password'), value: m.auditPasswordChanged });
      }
      continue;
    }
    if (key === 'email') continue; // the actor's, or the sentence's
    if (typeof value === 'string' && SHA256_HEX.test(value)) {
      lines.push({ label: m.auditHash, hash: value });
      continue;
    }
    lines.push({ label: m.auditDetailNames[key] ?? fieldName(key), value: shown(value) });
  }
  return lines;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** "3f2a9c1b…9c1b": enough of a hash to tell two apart. */
export function shortHash(hash: string): string {
  return `${hash.slice(0, 8)}…${hash.slice(-4)}`;
}
