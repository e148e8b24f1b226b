// Texts of the curriculum screens (docs/product.md#screens-and-routes, docs/product.md#validation-rules, docs/product.md#error-catalogue) and the server's answers about curriculum
// items and uploaded files. The spec's texts are kept exactly as written, typos included.

import { formatNumber, plural } from '../french.js';
import type { PackageKind } from '../standards/kinds.js';
import { uiMessages } from './ui.js';

export const curriculumMessages = {
  // Levels (/levels)
  levelsTitle: 'Niveaux éducatifs',
  addLevel: 'Ajouter un niveau',
  levelNameLabel: 'Nom du niveau',
  searchLevels: 'Search levels...',
  editLevelTitle: 'Modifier le niveau',
  saveChanges: 'Enregistrer les modifications',
  levelNameEmpty: 'Level name cannot be empty',
  levelAddFailed: 'Failed to add level. Please try again.',
  levelUpdated: 'Level updated successfully',
  levelUpdatedDescription: 'The level has been updated successfully.',
  levelUpdateFailed: 'Failed to update level. Please try again.',
  levelDeleted: 'Level deleted successfully',
  levelDeleteFailed: 'Failed to delete level. Please try again.',
  levelDeleteExplanation:
    'Le niveau sera supprimé définitivement, avec ses périodes, leçons, séances, PDF et activités, ainsi que les groupes des enseignants dans ce niveau et leur progression.',

  // Periods (/periode/{id})
  periodsTitle: 'Périodes',
  addPeriod: 'Ajouter une période',
  periodNameLabel: 'Nom de la période',
  editPeriodTitle: 'Modifier la période',
  periodNameEmpty: 'Period name cannot be empty',
  periodAddFailed: 'Failed to add Period. Please try again.',
  periodUpdateFailed: 'Failed to update Period. Please try again.',
  periodDeleteFailed: 'Failed to delete Period. Please try again.',
  periodAdded: 'Période ajoutée',
  periodUpdated: 'Période modifiée',
  periodDeleted: 'Période supprimée',
  periodDeleteExplanation:
    'La période sera supprimée définitivement, avec ses leçons, séances, PDF et activités.',

  // Lessons (/levels/{id})
  lessonsTitle: 'Leçons',
  addLesson: 'Ajouter une leçon',
  lessonNameLabel: 'Nom de la leçon',
  searchLessons: 'Rechercher une leçon…',
  editLessonTitle: 'Modifier la leçon',
  lessonNameEmpty: 'lesson name cannot be empty',
  lessonLoadFailed: 'Failed to load lesson data. Please try again later.',
  lessonAddFailed: 'Failed to add level. Please try again.',
  lessonAdded: 'Leçon ajoutée',
  lessonUpdated: 'Lesson Updated',
  lessonUpdateFailed: 'La leçon n’a pas pu être modifiée',
  lessonDeleted: 'Lesson Deleted',
  lessonDeleteFailed: 'ann error occured while deleting the lesson',
  lessonDeleteExplanation: 'La leçon sera supprimée définitivement, avec ses séances, PDF et activités.',

  // Sessions and PDFs (/lesson/{id})
  sessionsTab: 'Séances',
  pdfsTab: 'PDF',
  addSession: 'Ajouter une séance',
  sessionNameLabel: 'Nom de la séance',
  editSessionTitle: 'Modifier la séance',
  sessionNameEmpty: 'Session name cannot be empty',
  sessionsLoadFailed: 'Failed to fetch levels. Please try again.',
  sessionAddFailed: 'fail to add session',
  sessionAdded: 'Session Added',
  sessionEdited: 'session edited successfully',
  sessionEditFailed: 'Failed to edit session',
  sessionDeleted: 'session deleted successfully',
  sessionDeleteFailed: 'Failed to delete session',
  sessionDeleteExplanation: 'La séance sera supprimée définitivement, avec ses activités.',
  uploadPdf: 'Ajouter un PDF',
  pdfNameLabel: 'Nom du PDF',
  pdfFileLabel: 'Fichier PDF',
  editPdfTitle: 'Modifier le PDF',
  pdfNameEmpty: 'pdf name cannot be empty',
  pdfFileMissing: 'please select pdf to upload',
  pdfUploaded: 'PDF Uploaded',
  pdfUploadFailed: 'error occure while uploading pdf',
  pdfEdited: 'pdf edited successfully',
  pdfEditFailed: 'Failed to edit PDF',
  pdfDeleted: 'pdf deleted successfully',
  pdfDeleteFailed: 'Failed to delete pdf',
  pdfDeleteExplanation: 'Le PDF sera supprimé définitivement.',

  // Activities (/session/{id})
  activitiesTitle: 'Activités',
  addActivity: 'Ajouter une activité',
  activityNameLabel: "Nom de l'activité",
  activityFileLabel: 'Paquet (.zip ou .h5p)',
  editActivityTitle: "Modifier l'activité",
  activityNameRequired: 'Activity name is required.',
  activityFileMissing: 'Please upload a zip file.',
  activityFileNotZip: 'Only .zip files are supported.',
  sessionIdMissing: 'Session ID is missing.',
  activitiesLoadFailed: 'Failed to load levels data...',
  activityAdded: 'Activité ajoutée',
  activityAddFailed: 'Error adding activity',
  activityUpdated: 'Activité modifiée',
  activityUpdateFailed: 'Error updating activity',
  activityDeleted: 'Activité supprimée',
  activityDeleteFailed: 'Error deleting activity',
  activityDeleteExplanation: 'L’activité sera supprimée définitivement, avec son paquet.',

  // Previews
  previewFailed: 'Échec du chargement de l’aperçu',

  launchesWith: 'Démarre par',
  /** The spec's file refusal, then ours: the dialog takes .h5p files too. */
  activityH5pToo: 'Les contenus H5P (.h5p) sont acceptés aussi.',
  defaultTitleHint: 'Nom repris du paquet : modifiez-le si besoin.',

  // Shared screen texts
  back: 'Retour',
  backTo: (parent: string) => `Retour à «\u00a0${parent}\u00a0»`,
  /** The tab's title of a list screen: what it lists, and whose. */
  tabTitle: (list: string, owner: string) => `${list} · ${owner}`,
  cancel: uiMessages.cancel,
  delete: uiMessages.delete,
  edit: 'Modifier',
  add: 'Ajouter',
  uploading: 'Envoi en cours...',
  uploadNoItem: 'Le serveur n’a pas renvoyé l’élément ajouté.',

  // Our screen texts
  retry: 'Réessayer',
  noResults: 'Aucun résultat',
  itemActions: (title: string) => `Actions : ${title}`,
  notFoundTitle: 'Élément introuvable',
  notFoundDescription: 'Il a peut-être été supprimé.',
  levelsEmptyTitle: 'Aucun niveau pour l’instant',
  levelsEmptyDescription: 'Créez un premier niveau, puis ses périodes, leçons et activités.',
  periodsLoadFailed: 'Les périodes n’ont pas pu être chargées.',
  periodsEmptyTitle: 'Aucune période dans ce niveau',
  periodsEmptyDescription: 'Les périodes regroupent les leçons, dans l’ordre où les classes les suivent.',
  lessonsEmptyTitle: 'Aucune leçon dans cette période',
  lessonsEmptyDescription: 'Chaque leçon réunit des séances d’activités et des documents PDF.',
  sessionsEmptyTitle: 'Aucune séance dans cette leçon',
  sessionsEmptyDescription: 'Une séance regroupe les activités que la classe fait ensemble.',
  pdfsEmptyTitle: 'Aucun PDF dans cette leçon',
  pdfsEmptyDescription: 'Ajoutez des fiches ou des supports à imprimer.',
  activitiesEmptyTitle: 'Aucune activité dans cette séance',
  activitiesEmptyDescription:
    'Ajoutez un paquet HTML5 ou SCORM (.zip) ou un contenu H5P (.h5p) : il sera vérifié puis proposé aux classes.',
  pdfUploadDescription: 'Le document sera proposé aux classes avec cette leçon.',
  pdfUploadHint: 'PDF uniquement.',
  activityUploadDescription: 'Un paquet HTML5, SCORM 1.2 ou SCORM 2004 (.zip), ou un contenu H5P (.h5p).',
  activityUploadHint: 'Fichier .zip ou .h5p, 100 Mo au plus.',
  packageRefused: 'Paquet refusé',
  fileRefused: 'Fichier refusé',
  checkingFile: 'Vérification du fichier...',
  activityStored: 'Activité ajoutée',
  packageRecognised: (title: string) =>
    `«\u00a0${title}\u00a0» : voici ce que la plateforme a reconnu dans le paquet.`,
  finish: 'Terminer',
  notAnalysed: 'Non analysé',
  packageButtonLabel: (kind: string, title: string) => `Paquet ${kind} : ${title}`,
  packageDetailsDescription: 'Ce que la plateforme a reconnu dans le paquet.',
  close: 'Fermer',
  details: 'Détails',
  fullscreen: 'Plein écran',
  preview: 'Aperçu',
  /** The strip above a previewed activity (the app's, which no package can cover). */
  previewStrip: 'Aperçu de l’activité',
  previewStripNote: 'Le contenu ci-dessous est celui de l’activité',
  activityPreviewTitle: 'Aperçu de l’activité',
  activityFrameTitle: (title: string) => `Activité : ${title}`,
  pdfPreviewTitle: 'Aperçu du PDF',
  pdfFrameTitle: (title: string) => `PDF : ${title}`,
  invalidId: 'Identifiant invalide',
  lessonCounts: (sessions: number, pdfs: number) =>
    `${plural(sessions, 'séance', 'séances')} · ${formatNumber(pdfs)} PDF`,
  show: 'Afficher',
  summaryKind: 'Type',
  summaryLaunch: 'Page de démarrage',
  summaryFiles: 'Fichiers',
  summarySize: 'Taille décompressée',
  summaryWarnings: 'Avertissements',
  manifestTitle: 'Titre du manifeste',
  h5pContentType: 'Type de contenu',
  cmi5CourseTitle: 'Titre du cours',
  tincanActivityTitle: 'Titre de l’activité',

  // Reordering (ours)
  reorderHint: 'L’ordre décide de ce qui se débloque',
  reorderRole: 'élément déplaçable',
  reorderHandle: (title: string) => `Déplacer «\u00a0${title}\u00a0»`,
  reorderInstructions:
    'Pour déplacer un élément, appuyez sur Espace ou Entrée, puis sur les flèches haut et bas ; Espace ou Entrée le dépose, Échap annule.',
  reorderPicked: (title: string, position: number, count: number) =>
    `«\u00a0${title}\u00a0» saisi, position ${position} sur ${count}.`,
  reorderMoved: (title: string, position: number, count: number) =>
    `«\u00a0${title}\u00a0» déplacé en position ${position} sur ${count}.`,
  reorderDropped: (title: string, position: number, count: number) =>
    `«\u00a0${title}\u00a0» déposé en position ${position} sur ${count}.`,
  reorderCancelled: (title: string, position: number) =>
    `Déplacement annulé : «\u00a0${title}\u00a0» reste en position ${position}.`,
  reordered: 'Nouvel ordre enregistré',
  reorderFailed: 'Le nouvel ordre n’a pas pu être enregistré',

  // Server answers about the tree
  levelNotFound: 'Niveau introuvable',
  periodNotFound: 'Période introuvable',
  lessonNotFound: 'Leçon introuvable',
  sessionNotFound: 'Séance introuvable',
  pdfNotFound: 'PDF introuvable',
  activityNotFound: 'Activité introuvable',
  levelIdMissing: 'L’identifiant du niveau manque.',
  periodIdMissing: 'L’identifiant de la période manque.',
  lessonIdMissing: 'L’identifiant de la leçon manque.',
  titleTooLong: 'Le nom est trop long (200 caractères au plus).',
  reorderEmpty: 'Indiquez le nouvel ordre des éléments.',
  reorderMismatch: 'La liste a changé entre-temps : rechargez la page, puis refaites l’ordre.',
} as const;

/** Why an uploaded file was refused (docs/decisions.md#files-and-activities). Each rejection has its own text. */
export const uploadMessages = {
  noFile: 'Aucun fichier n’a été envoyé.',
  notMultipart: 'Envoyez le fichier en multipart/form-data.',
  tooManyFiles: 'Envoyez un seul fichier à la fois.',
  tooManyFields: 'Le formulaire d’envoi a trop de champs.',
  emptyFile: 'Le fichier est vide.',
  unknownFileType: 'Seuls les PDF, les paquets d’activité .zip et les fichiers .h5p peuvent être déposés.',
  pdfWrongType: 'Seuls les fichiers PDF (application/pdf) sont acceptés.',
  pdfNotPdf: 'Ce fichier n’est pas un PDF : son contenu ne commence pas par %PDF-.',
  pdfTooLarge: (maxMb: number) => `Le PDF est trop volumineux (${formatNumber(maxMb)} Mo au plus).`,
  /** The activity file picked in the upload dialog is neither a .zip nor a .h5p (ours, beside the
   * spec's 'Only .zip files are supported.'). */
  activityWrongType: 'Choisissez un fichier .zip ou .h5p.',
  zipTooLarge: 'Le fichier zip est trop volumineux (100 Mo au plus).',
  zipInvalid: 'Le fichier n’est pas une archive zip valide.',
  zipEmpty: 'Le fichier zip est vide.',
  zipTooManyEntries: 'Le fichier zip contient trop d’éléments (10 000 au plus).',
  zipTooBigUncompressed: 'Le fichier zip est trop volumineux une fois décompressé (500 Mo au plus).',
  zipRatioTooHigh:
    'Le fichier zip est compressé de façon suspecte (plus de 100 pour 1) : il ressemble à une bombe de décompression.',
  zipTraversal: 'Le fichier zip contient un chemin qui sort de son dossier (../).',
  zipAbsolutePath: 'Le fichier zip contient un chemin absolu.',
  zipSymlink: 'Le fichier zip contient un lien symbolique.',
  zipEncrypted: 'Le fichier zip contient des éléments chiffrés.',
  zipBadName: 'Le fichier zip contient un nom de fichier invalide.',
  zipDuplicate: 'Le fichier zip contient deux fois le même fichier.',
  zipCaseDuplicate: (a: string, b: string) =>
    `Le fichier zip contient deux noms qui ne diffèrent que par les majuscules : « ${a} » et « ${b} ».`,
  zipInconsistent:
    'Le fichier zip est incohérent : son répertoire central ne correspond pas aux éléments qu’il contient (nombre, noms ou positions).',
  zipNoIndex:
    'Le paquet n’a pas de page de démarrage : placez un index.html (ou l’imsmanifest.xml d’un paquet SCORM, le cmi5.xml d’un paquet cmi5, le tincan.xml d’un paquet Tin Can, le h5p.json d’un paquet H5P) à la racine du zip ou dans un unique dossier de premier niveau.',
  entryPageAmbiguous: (candidates: string[]) =>
    `Le paquet n’a pas d’index.html et plusieurs pages pourraient le démarrer (${candidates.join(', ')}) : renommez la page de démarrage en index.html.`,
  manifestInvalid:
    'Le fichier imsmanifest.xml n’est pas un XML valide : ce paquet SCORM ne peut pas être lu.',
  manifestTooLarge: 'Le fichier imsmanifest.xml est trop volumineux (5 Mo au plus).',
  descriptionTooDeep: (file: string, maxDepth: number) =>
    `Le fichier ${file} est imbriqué trop profondément (${maxDepth} niveaux au plus) : ce paquet ne peut pas être lu.`,
  manifestNoLaunch:
    'Le fichier imsmanifest.xml ne désigne aucune page de démarrage (aucune ressource avec un href).',
  manifestLaunchMissing: (page: string) =>
    `La page de démarrage désignée dans imsmanifest.xml (${page}) n’est pas dans le paquet : exportez-le à nouveau depuis l’outil auteur.`,
  h5pJsonInvalid: 'Le fichier h5p.json ne peut pas être lu : ce paquet H5P est endommagé.',
  h5pNoContent: 'Le paquet H5P n’a pas de content/content.json : exportez-le à nouveau depuis l’éditeur H5P.',
  h5pMissingLibraries: (names: string[]) =>
    `Il manque des bibliothèques au paquet H5P : ${names.join(', ')}. Exportez-le à nouveau avec ses bibliothèques (le fichier .h5p téléchargé depuis l’éditeur H5P ou Lumi les contient).`,
  xapiDescriptionTooLarge: (file: string) => `Le fichier ${file} est trop volumineux (5 Mo au plus).`,
  cmi5Invalid:
    'Le fichier cmi5.xml n’est pas une structure de cours cmi5 valide : ce paquet cmi5 ne peut pas être lu.',
  cmi5NoAu:
    'Le fichier cmi5.xml ne contient aucune unité (au) avec un id et une url : il n’y a rien à jouer.',
  cmi5MoveOn: (value: string) =>
    `Le moveOn de la première unité de cmi5.xml (${value}) n’est pas l’un de Passed, Completed, CompletedAndPassed, CompletedOrPassed ou NotApplicable.`,
  cmi5MasteryScore: (value: string) =>
    `Le masteryScore de la première unité de cmi5.xml (${value}) n’est pas un nombre de 0 à 1.`,
  cmi5RemoteAu: (url: string) =>
    `La première unité de cmi5.xml est jouée depuis un autre site (${url}) : Ardoise ne joue que le contenu du paquet, pour que les classes puissent travailler hors ligne. Exportez le cours avec son contenu.`,
  cmi5LaunchMissing: (page: string) =>
    `La page de démarrage désignée dans cmi5.xml (${page}) n’est pas dans le paquet : exportez-le à nouveau depuis l’outil auteur.`,
  tincanInvalid: 'Le fichier tincan.xml n’est pas un XML valide : ce paquet Tin Can ne peut pas être lu.',
  tincanNoLaunch:
    'Le fichier tincan.xml ne désigne aucune page de démarrage (aucune activité avec un id et un élément launch).',
  tincanRemoteLaunch: (url: string) =>
    `La page de démarrage de tincan.xml est sur un autre site (${url}) : Ardoise ne joue que le contenu du paquet, pour que les classes puissent travailler hors ligne.`,
  tincanLaunchMissing: (page: string) =>
    `La page de démarrage désignée dans tincan.xml (${page}) n’est pas dans le paquet : exportez-le à nouveau depuis l’outil auteur.`,
  zipCorrupt: 'Le fichier zip est endommagé et ne peut pas être décompressé.',
  zipUnsupportedCompression:
    'Le fichier zip utilise une méthode de compression non prise en charge (seules stored et deflate le sont).',
  fileTooLarge: (maxMb: number) => `Le fichier est trop volumineux (${formatNumber(maxMb)} Mo au plus).`,
  uploadInterrupted: 'L’envoi a été interrompu. Réessayez.',
} as const;

/** What each kind of package is called on the screens and in the audit log. */
export const packageKindNames: Record<PackageKind, string> = {
  html5: 'HTML5',
  scorm12: 'SCORM 1.2',
  scorm2004: 'SCORM 2004',
  h5p: 'H5P',
  cmi5: 'cmi5',
  tincan: 'Tin Can',
};

/** A package's files and warnings, counted in French. */
export const packageCounts = {
  files: (n: number) => plural(n, 'fichier', 'fichiers'),
  warnings: (n: number) => plural(n, 'avertissement', 'avertissements'),
};

/** Warnings shown with a package's summary (PackageWarning.message), read by admins in the app. */
export const packageWarningMessages = {
  'service-worker':
    'Le paquet installe son propre service worker : l’origine des contenus le refuse, la partie qui en dépend ne fonctionnera pas.',
  'external-hosts':
    'Le paquet charge des scripts ou envoie des données vers d’autres sites : ces parties ne fonctionneront pas hors ligne et sont bloquées.',
  'plugin-files':
    'Le paquet contient des fichiers Flash ou d’autres plug-ins : aucun navigateur actuel ne les lit.',
  'large-files':
    'Le paquet contient des fichiers de plus de 50 Mo : son téléchargement par les classes sera long.',
  'several-aus':
    'Le cours cmi5 contient plusieurs unités (AU) : Ardoise joue la première seule. Pour les autres, exportez chacune dans son propre paquet.',
} as const;

/** The xAPI facts of a cmi5 / Tin Can package's summary, read by admins. */
export const xapiSummaryMessages = {
  units: 'Unités (AU)',
  unitsValue: (count: number) => (count === 1 ? '1' : `${count} (Ardoise lance la première)`),
  moveOn: 'Condition de réussite (moveOn)',
  masteryScore: 'Score de maîtrise',
  noMasteryScore: 'aucun',
  moveOnLabels: {
    Passed: 'Réussie (Passed)',
    Completed: 'Terminée (Completed)',
    CompletedAndPassed: 'Terminée et réussie (CompletedAndPassed)',
    CompletedOrPassed: 'Terminée ou réussie (CompletedOrPassed)',
    NotApplicable: 'Sans condition (NotApplicable)',
  },
} as const;

/** Answers of the content origin. */
export const contentMessages = {
  serviceWorkerRefused: 'Activity packages may not register a service worker.',
} as const;
