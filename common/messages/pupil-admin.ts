// Texts of what an admin does with a school's pupils (docs/privacy.md), in French.
import { formatNumber, plural } from '../french.js';
import type { PupilSignInKind } from '../schemas/pupil-admin.js';

export const pupilAdminMessages = {
  notFound: 'Élève introuvable',
  // The school's edit screen.
  sectionTitle: 'Élèves',
  sectionDescription:
    'Les comptes des élèves de cette école. Vous pouvez exporter tout ce qu’Ardoise garde sur un élève, ou l’effacer.',
  count: (n: number) => plural(n, 'élève', 'élèves'),
  signInSummary: 'Connexion',
  signInKinds: {
    cards: 'Cartes',
    gar: 'GAR',
    cas: 'CAS',
  } satisfies Record<PupilSignInKind, string>,
  signInCount: (label: string, n: number) => `${label} : ${formatNumber(n)}`,
  searchLabel: 'Rechercher un élève',
  searchPlaceholder: 'Nom, prénom ou pseudonyme…',
  lastSeen: (when: string) => `Vu pour la dernière fois ${when}`,
  noGroup: 'Aucun groupe',
  empty: 'Aucun élève dans cette école.',
  emptyDescription:
    'Les élèves apparaissent ici quand ils se connectent par l’ENT ou quand un enseignant les ajoute.',
  noMatch: 'Aucun élève ne correspond à cette recherche.',
  loadFailed: 'Les élèves n’ont pas pu être chargés.',
  pageOf: (page: number, pages: number) => `Page ${formatNumber(page)} sur ${formatNumber(pages)}`,
  previousPage: 'Page précédente',
  nextPage: 'Page suivante',
  export: 'Exporter ses données',
  exportFailed: 'Les données de l’élève n’ont pas pu être exportées. Réessayez.',
  erase: 'Effacer',
  eraseTitle: (name: string) => `Effacer ${name} ?`,
  eraseDescription:
    'Son compte, ses groupes, ses résultats, ses données d’activités (reprises, réponses, déclarations xAPI) et ses sessions seront effacés. Le journal garde seulement qu’un élève a été effacé. Cette action est définitive.',
  eraseConfirm: 'Effacer l’élève',
  erased: 'Élève effacé',
  eraseFailed: 'L’élève n’a pas pu être effacé. Réessayez.',
} as const;
