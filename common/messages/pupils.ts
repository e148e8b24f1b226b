// Texts of the pupils without an ENT (docs/pupils.md#sans-ent--les-cartes-de-connexion): the
// teacher's roster and sign-in cards, and the pupils' door /classe.
import { formatWait } from '../french.js';
import { PICTURE_CODE_LENGTH } from '../pupils.js';

export const MAX_PUPILS_PER_ADD = 60;
export const MAX_PUPIL_NAME_LENGTH = 60;

export const pupilMessages = {
  // Server answers.
  noNames: 'Écrivez au moins un prénom (un par ligne).',
  tooManyNames: `Ajoutez ${MAX_PUPILS_PER_ADD} élèves au plus à la fois.`,
  nameTooLong: (line: string) =>
    `« ${line.slice(0, 20)}… » est trop long : ${MAX_PUPIL_NAME_LENGTH} caractères au plus par nom.`,
  nameRequired: 'Le prénom ou le nom est requis.',
  nameTooLongShort: `${MAX_PUPIL_NAME_LENGTH} caractères au plus.`,
  pupilNotFound: 'Cet élève n’est pas dans ce groupe.',
  noSchool: 'Votre compte n’est rattaché à aucune école : vous ne pouvez pas ajouter d’élèves.',
  unknownClassCode: 'Ce code de classe n’existe pas.',
  classCodeRequired: 'Écrivez le code de la classe.',
  wrongPictures: 'Ce ne sont pas les bonnes images. Essaie encore !',
  wrongCard: 'Cette carte ne marche plus. Demande une nouvelle carte à ton enseignant.',
  choosePictures: `Choisis ${PICTURE_CODE_LENGTH} images.`,
  pupilNotInClass: 'Cet élève n’est pas dans cette classe.',
  /** A 429 of the door, with its wait. */
  waitBeforeRetry: (seconds: number) => `Attends ${formatWait(seconds)} avant de réessayer.`,
  tooManyCodes: (seconds: number) => `Trop de codes essayés. Réessayez dans ${formatWait(seconds)}.`,

  // The door (/classe).
  doorTitle: 'Ma classe',
  classCodeLabel: 'Le code de ma classe',
  classCodeHint: 'Il est écrit sur ta carte, en haut.',
  classCodeSubmit: 'Entrer',
  whoAreYou: 'Qui es-tu ?',
  changeClass: 'Changer de classe',
  noPupilsInClass: 'Cette classe n’a pas encore de cartes. Demande à ton enseignant.',
  tapYourPictures: (name: string) => `${name}, touche tes 4 images`,
  notMe: 'Ce n’est pas moi',
  erase: 'Effacer',
  picturesChosen: (count: number, total: number) => `${count} image${count > 1 ? 's' : ''} sur ${total}`,
  signingIn: 'Connexion…',
  cardSigningIn: 'Connexion avec ta carte…',
  loadError: 'Impossible de joindre Ardoise. Vérifie la connexion et réessaie.',
  /** The door with the network cut (docs/pupils.md#hors-ligne). */
  offlineDoor: 'Pas de réseau : seuls les élèves déjà venus sur cette tablette peuvent entrer.',
  offlineNobody:
    'Pas de réseau, et aucun élève de cette classe n’est encore venu sur cette tablette. Réessaie quand elle est connectée.',
  offlineUnknown:
    'Pas de réseau, et tu n’es pas encore venu sur cette tablette. Réessaie quand elle est connectée.',
  rosterLoadError: 'Impossible de charger les élèves. Réessayez.',
  changeError: 'La modification n’a pas pu être enregistrée. Réessayez.',
  retry: 'Réessayer',

  // The roster.
  rosterTitle: 'Les élèves',
  rosterEmpty:
    'Ce groupe n’a pas encore d’élèves. Ajoutez leurs prénoms ci-dessous, un par ligne : chacun aura une carte de connexion à imprimer.',
  addPupils: 'Ajouter des élèves',
  addPupilsLabel: 'Prénoms des élèves',
  addPupilsHint: 'Un prénom par ligne, ou une colonne collée depuis un tableur.',
  addPupilsSubmit: 'Ajouter',
  pupilsAdded: (count: number) => (count > 1 ? `${count} élèves ajoutés` : '1 élève ajouté'),
  printCards: 'Imprimer les cartes',
  rename: 'Renommer',
  renameTitle: 'Renommer l’élève',
  firstnameLabel: 'Prénom',
  nameLabel: 'Nom',
  save: 'Enregistrer',
  cancel: 'Annuler',
  renamed: 'Élève renommé',
  remove: 'Retirer du groupe',
  removeTitle: (name: string) => `Retirer ${name} du groupe ?`,
  removeCardPupil: 'S’il n’est dans aucun autre groupe, son compte, sa carte et ses résultats sont effacés.',
  removeEntPupil: 'L’élève quitte ce groupe ; son compte ENT reste.',
  removed: 'Élève retiré du groupe',
  signInCard: 'Carte',
  signInGar: 'ENT (GAR)',
  signInCas: 'ENT (CAS)',
  pupilsCount: (count: number) => (count > 1 ? `${count} élèves` : `${count} élève`),
  actionsFor: (name: string) => `Actions pour ${name}`,

  // The cards page.
  cardsTitle: (group: string) => `Cartes de connexion · ${group}`,
  cardsIntro:
    'Chaque élève se connecte sur /classe avec le code de la classe, son prénom et ses 4 images, ou en scannant son QR code.',
  print: 'Imprimer',
  renewCards: 'Nouvelles cartes',
  renewTitle: 'Faire de nouvelles cartes ?',
  renewDescription:
    'Chaque élève aura de nouvelles images et un nouveau QR code. Les cartes déjà imprimées ne marcheront plus.',
  renewed: 'Nouvelles cartes prêtes : imprimez-les.',
  back: 'Retour aux élèves',
  classCodeOnCard: 'Code de la classe',
  cardWhere: (origin: string) => `Sur ${origin}/classe`,
  noCards: 'Aucun élève n’a encore de carte. Ajoutez des élèves au groupe.',
  qrLabel: (name: string) => `QR code de connexion de ${name}`,
} as const;
