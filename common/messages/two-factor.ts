// Texts of two-factor sign-in that cannot lock anyone out: a new secret waits for one
// code typed on /options before sign-in asks for it; switching off asks for a current code.

export const twoFactorMessages = {
  title: 'Double authentification',
  description:
    'Avec une application d’authentification (Google Authenticator, Aegis, 1Password…), la connexion demande en plus le code à 6 chiffres qu’elle affiche.',
  loadFailed: 'Les réglages de double authentification n’ont pas pu être chargés.',
  retry: 'Réessayer',
  statusOff: 'Désactivée',
  statusPending: 'En attente du code',
  statusOn: 'Activée',
  qrCodeTitle: 'Code QR de double authentification',
  secretKey: 'Clé secrète',
  secretHint: 'À saisir dans l’application si vous ne pouvez pas scanner le code.',
  scanFirst:
    'Scannez le code, puis activez : la connexion ne demandera un code qu’après un premier code saisi ici.',
  enable: 'Activer la double authentification',
  waiting:
    'La double authentification attend un premier code de votre application : tant qu’il n’est pas saisi ici, la connexion n’en demande pas.',
  codeLabel: 'Code à 6 chiffres',
  confirm: 'Confirmer le code',
  cancel: 'Annuler l’activation',
  onDescription:
    'La connexion demande le code de votre application. La clé secrète n’est plus affichée : pour changer d’application, désactivez puis activez de nouveau.',
  currentCodeLabel: 'Code actuel de votre application',
  disable: 'Désactiver la double authentification',

  // Toasts.
  pendingToast: 'Saisissez maintenant un code de votre application pour terminer l’activation.',
  confirmedToast: 'Double authentification activée : la prochaine connexion demandera un code.',
  cancelledToast: 'Activation annulée.',
  disabledToast: 'Double authentification désactivée.',
  changeFailed: 'La double authentification n’a pas pu être modifiée. Réessayez.',

  // Server answers.
  codeRequired: 'Saisissez le code à 6 chiffres de votre application.',
  codeToDisable: 'Saisissez un code actuel de votre application pour désactiver la double authentification.',
  codeInvalid:
    'Ce code ne correspond pas, ou a déjà servi : saisissez le code affiché maintenant (l’heure du téléphone doit être juste).',
  nothingPending: 'Aucune double authentification n’attend de code : activez-la d’abord.',
} as const;
