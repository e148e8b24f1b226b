// Texts of the bulk import of schools and teachers: the screen, the row errors with their
// line numbers, the file-level refusals, and the summary.

const fr = (n: number) => n.toLocaleString('fr-FR');
/** A value from the file as a message quotes it: its first characters only. */
const quoted = (value: string) => `« ${value.length > 60 ? `${value.slice(0, 60)}…` : value} »`;
const plural = (n: number, one: string, many: string) => `${fr(n)} ${n > 1 ? many : one}`;

export const importMessages = {
  // Screen.
  importButton: 'Importer',
  schoolsTitle: 'Importer des écoles',
  teachersTitle: 'Importer des enseignants',
  schoolsSubtitle: 'Un fichier CSV ou XLSX, une école par ligne, reconnue par son UAI.',
  teachersSubtitle: 'Un fichier CSV ou XLSX, un enseignant par ligne, reconnu par son adresse e-mail.',
  backToSchools: 'Écoles',
  backToTeachers: 'Enseignants',
  fileTitle: 'Fichier',
  fileLabel: 'Fichier à importer (.csv ou .xlsx)',
  chooseFile: 'Choisir un fichier (.csv ou .xlsx)',
  fileHint:
    'CSV séparé par « ; » ou « , », ou classeur XLSX (première feuille). Une cellule compte au plus 4 000 caractères.',
  encodingLabel: 'Encodage du CSV',
  encodingUtf8: 'UTF-8 (recommandé)',
  encodingWindows1252: 'Windows-1252 (CSV d’un ancien Excel)',
  encodingHint:
    'Un fichier avec BOM (UTF-8 ou UTF-16) est lu selon son BOM. Sans BOM, un CSV est lu dans l’encodage choisi ici ; les classeurs XLSX sont toujours en UTF-8.',
  columnsLabel: 'Colonnes attendues, dans la première ligne :',
  schoolsColumnsHint:
    'Dates au format JJ/MM/AAAA ou AAAA-MM-JJ ; « niveaux » : titres de niveaux séparés par « | ». Une UAI déjà connue met l’école à jour.',
  teachersColumnsHint:
    '« uai » : l’école de l’enseignant, déjà importée ; « niveaux » : titres séparés par « | » ; « quota » (facultatif) : nombre de groupes permis, vide pour celui de l’école. Un nouvel enseignant reçoit un lien de connexion pour choisir son mot de passe.',
  template: 'Télécharger le modèle',
  templateFailed: 'Le modèle n’a pas pu être téléchargé. Réessayez.',
  uploading: 'Envoi du fichier…',
  reading: 'Lecture des lignes…',
  writing: 'Écriture…',
  progressLabel: 'Avancement de l’import',
  previewTitle: 'Aperçu',
  columnLine: 'Ligne',
  columnAction: 'Action',
  columnRow: 'Contenu',
  columnErrors: 'Erreurs',
  actionCreate: 'créer',
  actionUpdate: 'mettre à jour',
  actionUnchanged: 'inchangé',
  actionError: 'erreur',
  changedFields: (fields: string[]) => `champs : ${fields.join(', ')}`,
  filterAll: 'Toutes les lignes',
  filterErrors: 'Lignes en erreur',
  noRows: 'Aucune ligne à afficher.',
  counts: (c: { rows: number; create: number; update: number; unchanged: number; errors: number }) =>
    `${plural(c.rows, 'ligne', 'lignes')} : ${fr(c.create)} à créer, ${fr(c.update)} à mettre à jour, ${fr(c.unchanged)} inchangée${c.unchanged > 1 ? 's' : ''}, ${fr(c.errors)} en erreur`,
  blocked: (errors: number) =>
    `${plural(errors, 'ligne est', 'lignes sont')} en erreur : rien ne peut être écrit. Corrigez le fichier, puis choisissez-le de nouveau.`,
  nothingToWrite: 'Toutes les lignes sont déjà à jour : il n’y a rien à écrire.',
  confirm: (create: number, update: number) =>
    `Confirmer l’import (${fr(create)} à créer, ${fr(update)} à mettre à jour)`,
  cancel: 'Choisir un autre fichier',
  doneTitle: 'Import terminé',
  done: (c: { created: number; updated: number; unchanged: number }) =>
    `${fr(c.created)} créé${c.created > 1 ? 's' : ''}, ${fr(c.updated)} mis à jour, ${fr(c.unchanged)} inchangé${c.unchanged > 1 ? 's' : ''}.`,
  linksTitle: 'Liens de connexion des nouveaux enseignants',
  linksText: (n: number, emailed: boolean) =>
    `${plural(n, 'lien a été créé', 'liens ont été créés')}${emailed ? ` et envoyé${n > 1 ? 's' : ''} par e-mail` : ''}. Ce fichier n’est proposé qu’une fois : téléchargez-le maintenant si vous devez transmettre les liens vous-même.`,
  linksDownload: 'Télécharger les liens (CSV)',
  linksFileHeader: ['email', 'lien', 'expire_le'] as const,
  backToList: 'Retour à la liste',
  failed: 'L’import n’a pas abouti ; rien n’a été écrit. Réessayez.',
  previewFailed: 'L’aperçu n’a pas abouti. Réessayez.',
  previewAgain: 'Relancer l’aperçu',
  interrupted: 'Une erreur inattendue a interrompu l’import.',
  stopped: (written: number, reason: string) =>
    `${reason} L’import s’est arrêté après ${plural(written, 'ligne écrite', 'lignes écrites')} : corrigez, puis importez de nouveau le même fichier pour terminer (les lignes déjà écrites resteront inchangées).`,

  // File-level refusals (nothing is read further).
  noFile: 'Choisissez un fichier .csv ou .xlsx.',
  wrongType: 'Seuls les fichiers .csv et .xlsx sont acceptés.',
  badFormField: 'Le formulaire d’import est invalide : rechargez la page et réessayez.',
  tooLarge: (mb: number) => `Le fichier dépasse ${mb} Mo.`,
  empty: 'Le fichier est vide.',
  noRowsInFile: 'Le fichier n’a aucune ligne sous ses en-têtes.',
  unreadableCsv: (line: number) =>
    `Le fichier CSV est illisible vers la ligne ${fr(line)} (guillemets mal fermés ?).`,
  notUtf8: (line: number) =>
    `Le fichier n’est pas en UTF-8 (ligne ${fr(line)}) : choisissez l’encodage « Windows-1252 » s’il vient d’un ancien Excel, ou enregistrez-le en « CSV UTF-8 ».`,
  unreadableXlsx: 'Le classeur XLSX est illisible : enregistrez-le de nouveau depuis votre tableur.',
  xlsxTooComplex:
    'Le classeur XLSX dépasse ce qu’un import peut lire (textes trop nombreux, trop longs ou trop imbriqués) : enregistrez sa première feuille en CSV.',
  tooManyColumns: (line: number, max: number) =>
    `La ligne ${fr(line)} a des valeurs au-delà de la colonne ${fr(max)} : supprimez les colonnes en trop.`,
  xlsxTooLarge:
    'Le classeur XLSX est trop volumineux une fois décompressé : découpez-le ou enregistrez-le en CSV.',
  missingColumns: (columns: string[]) =>
    `Colonne${columns.length > 1 ? 's' : ''} manquante${columns.length > 1 ? 's' : ''} : ${columns.join(', ')}.`,
  unknownColumns: (columns: string[]) =>
    `Colonne${columns.length > 1 ? 's' : ''} inconnue${columns.length > 1 ? 's' : ''} : ${columns.map(quoted).join(', ')}.`,
  duplicateColumn: (column: string) => `La colonne « ${column} » apparaît deux fois.`,
  expectedColumns: (columns: readonly string[]) => `Colonnes attendues : ${columns.join(';')}.`,
  tooManyRows: (max: number) =>
    `Le fichier dépasse ${fr(max)} lignes, le plus qu’un import accepte : découpez-le en plusieurs fichiers.`,
  changedSincePreview: (rows: { line: number; key: string }[]) => {
    const many = rows.length > 1;
    const named = rows
      .slice(0, 10)
      .map((row) => `ligne ${fr(row.line)} (${row.key})`)
      .join(', ');
    const others = rows.length > 10 ? ` et ${plural(rows.length - 10, 'autre', 'autres')}` : '';
    return `${many ? 'Des lignes ont changé' : 'Une ligne a changé'} dans Ardoise depuis l’aperçu : ${named}${others}. L’import ${many ? 'les aurait écrasées' : 'l’aurait écrasée'} : relancez l’aperçu pour voir ${many ? 'leur' : 'son'} état actuel.`;
  },
  refused: (errors: number) =>
    `${plural(errors, 'ligne est', 'lignes sont')} en erreur : rien n’a été écrit.`,
  busy: 'Un autre import est en cours : réessayez dans un instant.',

  // Row errors.
  required: (column: string) => `« ${column} » est obligatoire`,
  invalidUai: (value: string) =>
    `UAI invalide ${quoted(value)} : 7 chiffres suivis de leur lettre clé (par exemple 0750654D)`,
  invalidEmail: (value: string) => `Adresse e-mail invalide ${quoted(value)}`,
  invalidWebsite: (value: string) => `Site invalide ${quoted(value)}`,
  invalidDate: (column: string, value: string) =>
    `Date invalide dans « ${column} » : ${quoted(value)} (JJ/MM/AAAA ou AAAA-MM-JJ)`,
  endBeforeStart: 'La fin de licence précède son début',
  unknownLevel: (title: string) => `Niveau inconnu ${quoted(title)}`,
  invalidQuota: (column: string, value: string) =>
    `${column} : ${quoted(value)} n’est pas un nombre de groupes (un nombre entier de 0 à 10 000)`,
  unknownSchool: (uai: string) => `Aucune école n’a l’UAI ${quoted(uai)} : importez d’abord les écoles`,
  adminEmail: 'Cette adresse est celle d’un administrateur',
  duplicateInFile: (column: string, line: number) => `Même « ${column} » qu’à la ligne ${fr(line)}`,
  tooLong: (column: string, max: number) => `« ${column} » dépasse ${fr(max)} caractères`,
  controlCharacter: (column: string) => `« ${column} » contient un caractère invisible non autorisé`,
} as const;
