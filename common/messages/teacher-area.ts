// Texts of the teacher/learner area (docs/product.md#the-teacher-area, docs/product.md#teacher-area-messages) and the
// server's answers for it.
import { plural } from '../french.js';

export const teacherAreaMessages = {
  chooseLevel: 'Choisissez votre niveau',

  groupNameRequired: 'Please enter a group name',
  groupCreated: 'Group created successfully',
  groupDeleted: 'Group deleted successfully',
  groupCreateErrorPrefix: 'Error creating group : ',
  groupCreateError: 'Error creating group',
  groupDeleteError: 'Error deleting group',
  deleteGroupTitle: 'Supprimer le groupe',
  deleteGroupConfirm: (title: string) =>
    `Le groupe «\u00a0${title}\u00a0» et toute sa progression seront supprimés. Cette action est irréversible.`,
  groupNameTooLong: 'Le nom du groupe est trop long',
  groupLimitReached: (limit: number) =>
    `Vous avez atteint votre limite de ${plural(limit, 'groupe', 'groupes')}. Supprimez un groupe ou demandez-en davantage à votre administrateur.`,

  tableLoadError: 'Error Loading Lessons',
  tryAgain: 'Try Again',
  noPeriod: 'Aucune période attribuée',
  refresh: 'Actualiser',
  periodLabel: (n: number) => `Période ${n}`,
  lessonLocked: '(Leçon verrouillée - terminez la leçon précédente)',
  lessonDocuments: (lesson: string) => `Documents de ${lesson}`,
  notAllowedTitle: 'not allowed',
  notAllowedDescription: 'This activity is not allowed.',
  /** Beside the spec's text: the activity to do before this one (ours). */
  doFirst: (activity: string) => `Faites d’abord l’activité «\u00a0${activity}\u00a0».`,
  groupNotFoundTitle: 'Groupe introuvable',
  groupNotFoundDescription: 'Ce groupe n’existe pas ou a été supprimé.',
  levelNotFoundTitle: 'Niveau introuvable',
  levelNotFoundDescription: 'Ce niveau n’existe pas ou ne vous est pas attribué.',
  backToLevels: 'Retour aux niveaux',
  backToGroups: 'Retour aux groupes',

  contentTooLarge: 'Le contenu est trop volumineux pour être traité',
  offlineNotHeld:
    "Pas de connexion : cette activité n'est pas encore enregistrée sur cet appareil. Réessayez une fois la connexion revenue.",
  downloadTimeout: "Délai d'attente dépassé lors du téléchargement",
  loadError: 'Erreur lors du chargement du contenu',
  displayError: "Erreur lors de l'affichage du contenu",
  retry: 'Réessayer',
  packageDownloadedAgain:
    'Cette activité n’était plus enregistrée sur cet appareil : elle est téléchargée à nouveau.',
  /** The score badge of an activity in the learning table (the content reported 0–100). */
  scoreBadge: (score: number) => `${Math.round(score)} %`,
  scoreLabel: (score: number) => `score ${Math.round(score)} sur 100`,

  // Screen texts (ours).
  newGroup: 'Nouveau groupe',
  groupNamePlaceholder: 'Nom du groupe (ex. CM1 A)',
  createGroup: 'Créer le groupe',
  noSessionInLesson: 'Aucune séance dans cette leçon.',
  noActivity: 'Aucune activité',
  levelsBack: 'Niveaux',
  groupsTitle: 'Groupes',
  groupsSubtitle: 'Créez un groupe puis ouvrez son tableau d’apprentissage.',
  groupsLoadError: 'Impossible de charger les groupes.',
  groupsEmptyTitle: 'Aucun groupe pour l’instant',
  groupsEmptyDescription: 'Créez votre premier groupe avec le formulaire ci-dessus.',
  levelsSubtitle: 'Sélectionnez un niveau pour gérer ses groupes.',
  levelsLoadError: 'Impossible de charger vos niveaux.',
  levelsEmptyTitle: 'Aucun niveau ne vous est attribué',
  levelsEmptyDescription: 'Demandez à votre administrateur de vous attribuer un niveau.',
  seeGroups: 'Voir les groupes',
  statusUpdateError: 'Le statut de l’activité n’a pas pu être mis à jour',
  tableTitle: 'Tableau d’apprentissage',
  tableLoadFailed: 'Le tableau d’apprentissage n’a pas pu être chargé.',
  tableEmptyDescription:
    'Les périodes de ce niveau apparaîtront ici dès que l’administrateur les aura ajoutées.',
  /** What an activity reported (its xAPI statements), opened from the learning table. */
  statementsOpen: (activity: string) => `Ce qu’a envoyé l’activité «\u00a0${activity}\u00a0»`,
  statementsTitle: 'Ce qu’a envoyé l’activité',
  statementsLoading: 'Chargement des déclarations…',
  statementsError: 'Impossible de charger ce qu’a envoyé l’activité.',
  statementsEmpty: 'Cette activité n’a encore rien envoyé pour ce groupe.',
  statementsCount: (count: number) =>
    count === 1
      ? '1 déclaration, la plus récente en premier'
      : `${count} déclarations, les plus récentes en premier`,
  statementScore: (score: number) => `${Math.round(score)} %`,
  statementNoScore: 'sans score',
  statementSuccess: 'réussie',
  statementFailure: 'échouée',
  close: 'Fermer',
  /** Counters of the learning table (docs/product.md#screens-and-routes). */
  totalLessons: 'Leçons',
  completedLessons: 'Terminées',
  pendingLessons: 'En cours',
  tableSubtitle: (level: string) => `${level} · tableau d’apprentissage`,
  groupsOfLevel: (level: string) => `Groupes · ${level}`,
  /** Follows the number of finished activities on a group's card. */
  groupDone: (total: number) => ` / ${total} activités terminées`,
  deleteGroupNamed: (title: string) => `Supprimer le groupe ${title}`,
  /** The activity player and the PDF viewer. */
  back: 'Retour',
  backEscape: 'Retour (Échap)',
  activity: 'Activité',
  /** The title of the hidden frame that clears an earlier activity's origin. */
  clearingFrame: 'Nettoyage du lecteur',
  activityReady: 'L’activité est prête',
  /** The strip above the activity (the app's, which no package can cover). */
  stripLabel: 'Activité en cours',
  stripNote: 'Le contenu ci-dessous est celui de l’activité',
  /** A dialog of the content (its alert or confirm), shown by the app as the activity's. */
  dialogTitle: 'Message de l’activité',
  dialogFrom: (activity: string) => `Affiché par l’activité «\u00a0${activity}\u00a0», pas par Ardoise.`,
  dialogConfirmed: 'L’activité a continué comme si vous aviez répondu «\u00a0OK\u00a0».',
  dialogOk: 'OK',
  /** The player frame showed another document than the player (the activity moved it). */
  playerLeft: 'L’activité a quitté le lecteur d’Ardoise : elle a été arrêtée.',
  start: 'Commencer',
  pdfTitle: 'Document PDF',
  page: 'Page',
  pageOf: (page: number, pages: number) => `Page ${page} sur ${pages}`,
  previousPage: 'Page précédente',
  nextPage: 'Page suivante',
  zoomOut: 'Zoom arrière',
  zoomIn: 'Zoom avant',
  fitWidth: 'Ajuster à la largeur',
  exitFullScreen: 'Quitter le plein écran',
  fullScreen: 'Plein écran',
  document: 'Document',
  pdfFailed: 'Le document n’a pas pu être affiché.',
  pdfLoading: 'Chargement du document…',
  pages: 'Pages',
  /** The player's progress steps (docs/product.md#the-activity-player). */
  playerSteps: {
    cleanup: 'Nettoyage des anciennes données hors ligne…',
    download: 'Téléchargement du contenu…',
    extract: 'Extraction des fichiers…',
    store: 'Enregistrement des fichiers sur l’appareil…',
    'service-worker': 'Activation du mode hors ligne…',
    prepare: 'Préparation de l’activité…',
    ready: 'Prêt',
  },
} as const;
