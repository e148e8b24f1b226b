// Texts of the ways into an account that need no password typed by an admin: one-time
// sign-in links (shown once to the admin, emailed when SMTP is set), the page where a teacher
// chooses a password, and the teacher's own options page.

/** '12 décembre 2026 à 14:30', Paris time: when a link stops working. */
export const formatLinkExpiry = (iso: string): string =>
  new Date(iso).toLocaleString('fr-FR', { timeZone: 'Europe/Paris', dateStyle: 'long', timeStyle: 'short' });

export const signInLinkMessages = {
  // The admin's side.
  accessLabel: 'Accès au compte',
  accessLink: 'Envoyer un lien de connexion',
  accessLinkHint: 'L’enseignant choisit lui-même son mot de passe par un lien à usage unique.',
  accessPassword: 'Définir un mot de passe maintenant',
  inviteSubmit: 'Créer et obtenir le lien',
  invited: 'Enseignant créé : transmettez-lui son lien de connexion.',
  forgotPassword: 'Mot de passe oublié',
  resetFailed: 'Le lien n’a pas pu être créé. Réessayez.',
  dialogTitle: (name: string) => `Lien de connexion de ${name}`,
  dialogDescription: (expiry: string) =>
    `Ce lien n’est affiché qu’une fois et ne sert qu’une fois ; il expire le ${expiry}. Il permet de choisir un mot de passe.`,
  linkLabel: 'Lien de connexion',
  copy: 'Copier le lien',
  copied: 'Lien copié',
  copyFailed: 'La copie n’a pas fonctionné : sélectionnez le lien et copiez-le.',
  emailSent: (to: string) => `Le lien a aussi été envoyé par e-mail à ${to}.`,
  emailFailed: (to: string) =>
    `L’e-mail à ${to} n’est pas parti pour l’instant (nouvel essai automatique) : transmettez le lien vous-même.`,
  noEmail: 'Aucun serveur d’envoi d’e-mails n’est configuré : transmettez ce lien à l’enseignant.',
  done: 'Terminé',

  // The page behind the link.
  pageTitle: 'Choisissez votre mot de passe',
  pageGreeting: (firstname: string) => (firstname ? `Bonjour ${firstname},` : 'Bonjour,'),
  pageIntro: (email: string) => `choisissez le mot de passe du compte ${email}.`,
  pageExpiry: (expiry: string) => `Ce lien ne sert qu’une fois ; il expire le ${expiry}.`,
  checking: 'Vérification du lien…',
  submit: 'Enregistrer et me connecter',
  saved: 'Mot de passe enregistré.',
  invalidTitle: 'Ce lien n’est plus valable',
  invalid:
    'Il a expiré ou a déjà servi. Demandez un nouveau lien à votre administrateur (« Mot de passe oublié »).',
  toLogin: 'Aller à la connexion',

  // Emails.
  inviteSubject: 'Votre accès à Ardoise',
  resetSubject: 'Votre nouveau mot de passe Ardoise',
  mailBody: (p: {
    firstname: string;
    name: string;
    email: string;
    url: string;
    expiry: string;
    invite: boolean;
  }) =>
    [
      `Bonjour ${`${p.firstname} ${p.name}`.trim()},`,
      '',
      p.invite
        ? `Un compte Ardoise a été créé pour vous (${p.email}). Pour choisir votre mot de passe, ouvrez ce lien avant le ${p.expiry} :`
        : `Pour choisir un nouveau mot de passe pour votre compte Ardoise (${p.email}), ouvrez ce lien avant le ${p.expiry} :`,
      '',
      p.url,
      '',
      'Le lien ne sert qu’une fois. S’il a expiré, demandez-en un nouveau à votre administrateur.',
      '',
    ].join('\n'),
} as const;

export const ownAccountMessages = {
  pageTitle: 'Mes options',
  pageSubtitle: 'Votre profil et votre mot de passe.',
  profileTitle: 'Mon profil',
  profileDescription: 'Pour changer ces informations, adressez-vous à votre administrateur.',
  nameLabel: 'Nom',
  firstnameLabel: 'Prénom',
  emailLabel: 'Adresse e-mail',
  telephoneLabel: 'Téléphone',
  schoolLabel: 'École',
  levelsLabel: 'Niveaux',
  groupsLabel: 'Groupes',
  groups: (count: number, limit: number | null) =>
    `${count.toLocaleString('fr-FR')} groupe${count > 1 ? 's' : ''}${limit === null ? '' : ` sur ${limit.toLocaleString('fr-FR')} autorisé${limit > 1 ? 's' : ''}`}`,
  none: '—',
  loadFailed: 'Votre profil n’a pas pu être chargé.',
  retry: 'Réessayer',
  passwordTitle: 'Mot de passe',
  passwordDescription: 'Vos autres sessions sont fermées ; celle-ci reste ouverte.',
  currentPasswordLabel: 'Mot de passe actuel',
  newPasswordLabel: 'Nouveau mot de passe',
  confirmPasswordLabel: 'Confirmez le nouveau mot de passe',
  passwordHint: 'Au moins 8 caractères.',
  passwordsDiffer: 'Les deux mots de passe ne sont pas identiques.',
  submit: 'Changer le mot de passe',
  changed: 'Mot de passe changé.',
  changeFailed: 'Le mot de passe n’a pas pu être changé. Réessayez.',

  // Server answers.
  currentRequired: 'Saisissez votre mot de passe actuel.',
  currentWrong: 'Le mot de passe actuel est incorrect.',
  passwordTooShort: 'Le mot de passe doit compter au moins 8 caractères.',
  tooLong: 'Ce champ est trop long.',
  linkUnknown: 'Ce lien n’est plus valable : il a expiré ou a déjà servi.',
  onlyTeachers: 'Cette page est celle des enseignants.',
} as const;
