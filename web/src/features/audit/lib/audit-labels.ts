// French labels of the audit log: kinds of object, actions, and a change's details as readable lines.

export const entityLabels: Record<string, string> = {
  school: 'École',
  teacher: 'Enseignant',
  user: 'Compte',
  level: 'Niveau',
  period: 'Période',
  lesson: 'Leçon',
  session: 'Séance',
  activity: 'Activité',
  pdf: 'PDF',
  auth: 'Connexion',
};

const verbs: Record<string, string> = {
  create: 'création',
  update: 'modification',
  rename: 'renommage',
  delete: 'suppression',
  activate: 'activation',
  deactivate: 'désactivation',
  'update-profile': 'modification du profil',
  'enable-2fa': 'activation de la double authentification',
  'disable-2fa': 'désactivation de la double authentification',
  login: 'connexion réussie',
  'login-refused': 'connexion refusée',
};

/** 'school.delete' → 'École : suppression'; unknown actions are shown as they are stored. */
export function actionLabel(action: string, entity: string): string {
  const verb = verbs[action.slice(action.indexOf('.') + 1)];
  if (!verb) return action;
  if (entity === 'auth') return verb.charAt(0).toUpperCase() + verb.slice(1);
  return `${entityLabels[entity] ?? entity} : ${verb}`;
}

const text = (value: unknown): string =>
  value === null || value === undefined ? '—' : typeof value === 'string' ? value : JSON.stringify(value);

const detailNames: Record<string, string> = {
  email: 'E-mail',
  reason: 'Motif',
  fields: 'Champs modifiés',
  passwordChanged: 'Mot de passe changé',
  title: 'Titre',
  status: 'Code',
};

/** One line per detail; `before`/`after` objects become "field: before → after" lines. */
export function detailLines(details: Record<string, unknown>): string[] {
  const { before, after, ...rest } = details;
  const lines: string[] = [];
  if (isRecord(before) || isRecord(after)) {
    const b = isRecord(before) ? before : {};
    const a = isRecord(after) ? after : {};
    for (const key of new Set([...Object.keys(b), ...Object.keys(a)])) {
      lines.push(`${key} : ${text(b[key])} → ${text(a[key])}`);
    }
  }
  for (const [key, value] of Object.entries(rest)) {
    const shown = Array.isArray(value)
      ? value.join(', ')
      : typeof value === 'boolean'
        ? value
          ? 'oui'
          : 'non'
        : text(value);
    lines.push(`${detailNames[key] ?? key} : ${shown}`);
  }
  return lines;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
