// Texts of ENT access (GAR and CAS sign-in, linking a password account, classes, subscriptions).
// All ours, in French: the spec does not cover ENT access.

/** Why an ENT sign-in was refused: the key travels in the refusal page's URL (`?motif=`). */
export const entRefusals = {
  unknownSchool:
    'Aucun établissement inscrit à Ardoise ne correspond au vôtre. Votre établissement doit d’abord souscrire la ressource.',
  schoolNotEnt:
    'Votre établissement n’a pas ouvert Ardoise à la connexion par l’ENT. Adressez-vous à l’administrateur d’Ardoise.',
  licenceInactive: 'La licence Ardoise de votre établissement n’est pas active.',
  licenceExpired: 'La licence Ardoise de votre établissement a pris fin.',
  licenceNotStarted: 'La licence Ardoise de votre établissement n’a pas encore commencé.',
  accountInactive: 'Votre compte Ardoise a été désactivé par l’administrateur.',
  profile: 'Ardoise est réservé aux enseignants, aux professeurs documentalistes et aux élèves.',
  roleMismatch:
    'Votre ENT ne vous présente pas comme le compte Ardoise auquel votre identifiant est relié (enseignant ou élève) : la connexion a été refusée. Adressez-vous à l’administrateur d’Ardoise.',
  invalid:
    'La réponse de votre ENT n’a pas pu être vérifiée. Relancez la connexion depuis votre ENT ; si cela se reproduit, prévenez l’administrateur.',
  attributes:
    'Votre ENT n’a pas transmis ce qu’il faut pour vous connecter (identifiant, nom, établissement et profil).',
  expired: 'Votre connexion a expiré. Relancez-la depuis votre ENT.',
  notStartedHere:
    'Cette connexion n’a pas été lancée depuis ce navigateur, ou elle a expiré. Relancez la connexion depuis votre ENT, dans ce navigateur.',
  otherSchool:
    'Votre compte Ardoise est rattaché à un autre établissement : il n’en change pas par une connexion. Adressez-vous à l’administrateur d’Ardoise.',
  schoolUnproven:
    'Votre ENT n’indique pas votre établissement, et plusieurs établissements utilisent ce serveur CAS : Ardoise ne peut pas savoir lequel est le vôtre. Adressez-vous à l’administrateur d’Ardoise.',
  tooManyStarts:
    'Trop de connexions ont été lancées depuis votre réseau en peu de temps. Réessayez dans quelques minutes.',
  badReturn: 'L’adresse de retour demandée n’appartient pas à Ardoise : la connexion a été refusée.',
  adminEmail:
    'Votre adresse e-mail est celle d’un compte d’administration, qui ne peut pas être relié à un ENT.',
  notConfigured: 'La connexion par l’ENT n’est pas configurée sur cette plateforme.',
} as const;
export type EntRefusal = keyof typeof entRefusals;

export const entMessages = {
  // The pages of a sign-in through the ENT.
  signingIn: 'Connexion en cours…',
  refusedTitle: 'Connexion impossible',
  backToSignIn: 'Retour à la connexion',
  retryFromEnt: 'Réessayer avec mon ENT',
  linkTitle: 'Relier votre compte Ardoise',
  linkExplanation: (email: string) =>
    `Un compte Ardoise existe déjà pour l’adresse ${email}. Pour le relier à votre ENT, saisissez une fois son mot de passe : vous vous connecterez ensuite directement depuis l’ENT.`,
  linkPassword: 'Mot de passe de votre compte Ardoise',
  linkSubmit: 'Relier mon compte',
  linkSubmitting: 'Liaison…',
  linked: 'Votre compte est relié à votre ENT.',
  wrongPassword: 'Mot de passe incorrect.',
  passwordRequired: 'Saisissez le mot de passe.',
  linkForgotten:
    'Mot de passe oublié ? Demandez à l’administrateur d’Ardoise de le réinitialiser, puis revenez depuis votre ENT.',
  // CAS start.
  casUnknownSchool: 'Aucun établissement ne se connecte par CAS avec cette UAI.',
  // The teacher's classes.
  classGroupsTitle: 'Mes classes',
  classGroupsHint: (count: number) =>
    `${
      count === 1
        ? 'Votre ENT indique une classe qui n’a pas encore de groupe dans ce niveau.'
        : `Votre ENT indique ${count} classes qui n’ont pas encore de groupe dans ce niveau.`
    } Vos élèves y entreront d’eux-mêmes en se connectant par l’ENT.`,
  createClassGroups: 'Créer les groupes de mes classes',
  creatingClassGroups: 'Création…',
  classGroupsCreated: (count: number) =>
    count === 0
      ? 'Toutes vos classes ont déjà leur groupe.'
      : count === 1
        ? 'Un groupe a été créé.'
        : `${count} groupes ont été créés.`,
  classGroupsPartial: (created: number, limit: number) =>
    `${created} groupe${created === 1 ? '' : 's'} créé${created === 1 ? '' : 's'} : votre limite de ${limit} groupes est atteinte.`,
  classGroupsFailed: 'Les groupes de vos classes n’ont pas pu être créés.',
  // Schools: how their teachers sign in.
  signInMethodLabel: 'Connexion des enseignants',
  signInMethods: { password: 'Mot de passe', gar: 'ENT (GAR)', cas: 'ENT (CAS)' },
  casUrlLabel: 'Serveur CAS',
  casUrlHint: 'L’adresse de base du serveur CAS de l’ENT (par exemple https://cas.ent.fr/cas).',
  casUrlRequired: 'L’adresse du serveur CAS est requise pour une connexion par CAS',
  invalidCasUrl: 'Adresse de serveur CAS invalide (https://…)',
  casUrlPrivate: (address: string) =>
    `Ce serveur CAS mène à une adresse locale ou privée (${address}), qu’Ardoise n’appelle pas. Indiquez l’adresse publique du serveur CAS de l’ENT ; pour un serveur du réseau de l’établissement, l’hébergeur d’Ardoise doit l’autoriser (CAS_ALLOW_PRIVATE_ADDRESSES).`,
  casAttributesLabel: 'Noms des attributs CAS',
  casAttributesHint: 'Laissez vide les attributs que le serveur CAS envoie sous le nom du GAR.',
  invalidAttributeName: 'Nom d’attribut invalide',
  licenceLevelsLabel: 'Niveaux inclus dans la licence',
  licenceLevelsHint:
    'Les niveaux que reçoit un enseignant dont le compte est créé à sa première connexion par l’ENT.',
  noLevels: 'Aucun niveau pour l’instant.',
  groupQuotaLabel: 'Groupes par enseignant',
  groupQuotaHint: 'Le nombre de groupes que peut créer un enseignant venu par l’ENT. Vide = sans limite.',
  entSection: 'ENT et licence',
  // Schools: the GAR subscription.
  subscriptionLabel: 'Abonnement GAR',
  subscriptionStates: {
    pending: 'En attente d’envoi',
    sent: 'Envoyé',
    refused: 'Refusé',
  },
  subscriptionNone: 'Aucun (l’école n’a pas d’UAI)',
  subscriptionRetry: (when: string) => `nouvel essai ${when}`,
  // Teachers: how they sign in.
  teacherSignIn: 'Connexion',
} as const;
