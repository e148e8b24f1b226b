// Texts of the curriculum screens (SPEC §2, §5, §8) and the server's answers about curriculum
// items and uploaded files. The spec's texts are kept exactly as written, typos included.

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
    'This will permanently delete this level with its periods, lessons, sessions, PDF files and activities, and the teachers’ groups of this level with their progress.',

  // Periods (/periode/{id})
  periodsTitle: 'Périodes',
  addPeriod: 'Ajouter une période',
  periodNameLabel: 'Nom de la période',
  editPeriodTitle: 'Modifier la période',
  periodNameEmpty: 'Period name cannot be empty',
  periodAddFailed: 'Failed to add Period. Please try again.',
  periodUpdateFailed: 'Failed to update Period. Please try again.',
  periodDeleteFailed: 'Failed to delete Period. Please try again.',
  periodAdded: 'Period added',
  periodUpdated: 'Period updated',
  periodDeleted: 'Period deleted',
  periodDeleteExplanation:
    'This will permanently delete this period with its lessons, sessions, PDF files and activities.',

  // Lessons (/levels/{id})
  lessonsTitle: 'Leçons',
  addLesson: 'Ajouter une leçon',
  lessonNameLabel: 'Nom de la leçon',
  searchLessons: 'Search lessons...',
  editLessonTitle: 'Modifier la leçon',
  lessonNameEmpty: 'lesson name cannot be empty',
  lessonLoadFailed: 'Failed to load lesson data. Please try again later.',
  lessonAddFailed: 'Failed to add level. Please try again.',
  lessonAdded: 'Lesson Added',
  lessonUpdated: 'Lesson Updated',
  lessonUpdateFailed: 'Failed to update lesson',
  lessonDeleted: 'Lesson Deleted',
  lessonDeleteFailed: 'ann error occured while deleting the lesson',
  lessonDeleteExplanation:
    'This will permanently delete this lesson with its sessions, PDF files and activities.',

  // Sessions and PDFs (/lesson/{id})
  sessionsTab: 'Sessions',
  pdfsTab: 'PDF',
  addSession: 'Ajouter une session',
  sessionNameLabel: 'Nom de la session',
  editSessionTitle: 'Modifier la session',
  sessionNameEmpty: 'Session name cannot be empty',
  sessionsLoadFailed: 'Failed to fetch levels. Please try again.',
  sessionAddFailed: 'fail to add session',
  sessionAdded: 'Session Added',
  sessionEdited: 'session edited successfully',
  sessionEditFailed: 'Failed to edit session',
  sessionDeleted: 'session deleted successfully',
  sessionDeleteFailed: 'Failed to delete session',
  sessionDeleteExplanation: 'This will permanently delete this session with its activities.',
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
  pdfDeleteExplanation: 'This will permanently delete this PDF file.',

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
  activityAdded: 'Activity added',
  activityAddFailed: 'Error adding activity',
  activityUpdated: 'Activity updated',
  activityUpdateFailed: 'Error updating activity',
  activityDeleted: 'Activity deleted',
  activityDeleteFailed: 'Error deleting activity',
  activityDeleteExplanation: 'This will permanently delete this activity and its package.',

  // Previews
  previewFailed: 'Échec du chargement de l’aperçu',

  // Shared screen texts
  back: 'Retour',
  cancel: uiMessages.cancel,
  delete: uiMessages.delete,
  edit: 'Modifier',
  add: 'Ajouter',
  uploading: 'Envoi en cours...',

  // Our screen texts
  retry: 'Réessayer',
  noResults: 'Aucun résultat',
  itemActions: (title: string) => `Actions : ${title}`,
  notFoundTitle: 'Élément introuvable',
  notFoundDescription: 'Il a peut-être été supprimé.',
  levelsEmptyTitle: 'Aucun niveau pour l’instant',
  levelsEmptyDescription: 'Créez un premier niveau, puis ses périodes, leçons et activités.',
  periodsLoadFailed: 'Failed to load the periods.',
  periodsEmptyTitle: 'Aucune période dans ce niveau',
  periodsEmptyDescription: 'Les périodes regroupent les leçons, dans l’ordre où les classes les suivent.',
  lessonsEmptyTitle: 'Aucune leçon dans cette période',
  lessonsEmptyDescription: 'Chaque leçon réunit des sessions d’activités et des documents PDF.',
  sessionsEmptyTitle: 'Aucune session dans cette leçon',
  sessionsEmptyDescription: 'Une session regroupe les activités que la classe fait ensemble.',
  pdfsEmptyTitle: 'Aucun PDF dans cette leçon',
  pdfsEmptyDescription: 'Ajoutez des fiches ou des supports à imprimer.',
  activitiesEmptyTitle: 'Aucune activité dans cette session',
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
  packageRecognised: (title: string) => `« ${title} » : voici ce que la plateforme a reconnu dans le paquet.`,
  finish: 'Terminer',
  notAnalysed: 'Non analysé',
  packageButtonLabel: (kind: string, title: string) => `Paquet ${kind} : ${title}`,
  packageDetailsDescription: 'Ce que la plateforme a reconnu dans le paquet.',
  close: 'Fermer',
  details: 'Détails',
  fullscreen: 'Plein écran',
  preview: 'Aperçu',
  activityPreviewTitle: 'Aperçu de l’activité',
  activityFrameTitle: (title: string) => `Activité : ${title}`,
  pdfPreviewTitle: 'Aperçu du PDF',
  pdfFrameTitle: (title: string) => `PDF : ${title}`,
  invalidId: 'Invalid id',
  lessonCounts: (sessions: number, pdfs: number) =>
    `${sessions} session${sessions === 1 ? '' : 's'} · ${pdfs} PDF`,
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

  // Server answers about the tree
  levelNotFound: 'Level not found',
  periodNotFound: 'Period not found',
  lessonNotFound: 'Lesson not found',
  sessionNotFound: 'Session not found',
  pdfNotFound: 'PDF not found',
  activityNotFound: 'Activity not found',
  levelIdMissing: 'Level ID is missing.',
  periodIdMissing: 'Period ID is missing.',
  lessonIdMissing: 'Lesson ID is missing.',
  titleTooLong: 'The name is too long (200 characters at most).',
  reorderEmpty: 'Indiquez le nouvel ordre des éléments.',
  reorderMismatch: 'La liste a changé entre-temps : rechargez la page, puis refaites l’ordre.',
} as const;

/** Why an uploaded file was refused (DESIGN §6). Each rejection has its own text. */
export const uploadMessages = {
  noFile: 'No file was sent.',
  notMultipart: 'Send the file as multipart/form-data.',
  tooManyFiles: 'Send one file per upload.',
  tooManyFields: 'The upload form has too many fields.',
  emptyFile: 'The file is empty.',
  unknownFileType: 'Only PDF files, .zip activity packages and .h5p files can be uploaded.',
  pdfWrongType: 'Only PDF files (application/pdf) are accepted.',
  pdfNotPdf: 'This file is not a PDF: its content does not start with %PDF-.',
  pdfTooLarge: (maxMb: number) => `The PDF is too large (${maxMb} MB at most).`,
  zipTooLarge: 'The zip file is too large (100 MB at most).',
  zipInvalid: 'The file is not a valid zip archive.',
  zipEmpty: 'The zip file is empty.',
  zipTooManyEntries: 'The zip file has too many entries (10,000 at most).',
  zipTooBigUncompressed: 'The zip file is too large once unpacked (500 MB at most).',
  zipRatioTooHigh:
    'The zip file is compressed suspiciously well (more than 100:1): it looks like a zip bomb.',
  zipTraversal: 'The zip file contains a path that leaves its folder (../).',
  zipAbsolutePath: 'The zip file contains an absolute path.',
  zipSymlink: 'The zip file contains a symbolic link.',
  zipEncrypted: 'The zip file contains encrypted entries.',
  zipBadName: 'The zip file contains an invalid file name.',
  zipDuplicate: 'The zip file contains the same file twice.',
  zipNoIndex:
    'The package has no start page: put an index.html (or the imsmanifest.xml of a SCORM package, the cmi5.xml of a cmi5 package, the tincan.xml of a Tin Can package, the h5p.json of an H5P package) at the root of the zip or in a single top folder.',
  entryPageAmbiguous: (candidates: string[]) =>
    `The package has no index.html and several possible start pages (${candidates.join(', ')}): rename the start page to index.html.`,
  manifestInvalid: 'The imsmanifest.xml file is not valid XML: this SCORM package cannot be read.',
  manifestTooLarge: 'The imsmanifest.xml file is too large (5 MB at most).',
  manifestNoLaunch: 'The imsmanifest.xml file names no start page (no resource with an href).',
  manifestLaunchMissing: (page: string) =>
    `The start page named in imsmanifest.xml (${page}) is not in the package: export it again from the authoring tool.`,
  h5pJsonInvalid: 'The h5p.json file cannot be read: this H5P package is damaged.',
  h5pNoContent: 'The H5P package has no content/content.json: export it again from the H5P editor.',
  h5pMissingLibraries: (names: string[]) =>
    `The H5P package is missing libraries: ${names.join(', ')}. Export it again with its libraries (the .h5p file downloaded from the H5P editor or Lumi holds them).`,
  xapiDescriptionTooLarge: (file: string) => `The ${file} file is too large (5 MB at most).`,
  cmi5Invalid: 'The cmi5.xml file is not a valid cmi5 course structure: this cmi5 package cannot be read.',
  cmi5NoAu: 'The cmi5.xml file holds no assignable unit (au) with an id and a url: there is nothing to play.',
  cmi5MoveOn: (value: string) =>
    `The moveOn of the first assignable unit in cmi5.xml (${value}) is not one of Passed, Completed, CompletedAndPassed, CompletedOrPassed or NotApplicable.`,
  cmi5MasteryScore: (value: string) =>
    `The masteryScore of the first assignable unit in cmi5.xml (${value}) is not a number from 0 to 1.`,
  cmi5RemoteAu: (url: string) =>
    `The first assignable unit in cmi5.xml is played from another site (${url}): Ardoise plays only content inside the package, so that classes can work offline. Export the course with its content included.`,
  cmi5LaunchMissing: (page: string) =>
    `The start page named in cmi5.xml (${page}) is not in the package: export it again from the authoring tool.`,
  tincanInvalid: 'The tincan.xml file is not valid XML: this Tin Can package cannot be read.',
  tincanNoLaunch: 'The tincan.xml file names no start page (no activity with an id and a launch element).',
  tincanRemoteLaunch: (url: string) =>
    `The launch page in tincan.xml is on another site (${url}): Ardoise plays only content inside the package, so that classes can work offline.`,
  tincanLaunchMissing: (page: string) =>
    `The start page named in tincan.xml (${page}) is not in the package: export it again from the authoring tool.`,
  zipCorrupt: 'The zip file is damaged and cannot be unpacked.',
  zipUnsupportedCompression:
    'The zip file uses a compression method that is not supported (only stored and deflate).',
  fileTooLarge: (maxMb: number) => `The file is too large (${maxMb} MB at most).`,
  uploadInterrupted: 'The upload was interrupted. Please try again.',
} as const;

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
