// Texts of the sign-in flow: the spec's own (docs/product.md#sign-in-messages) and the server's answers.
import { formatWait } from '../french.js';

export const authMessages = {
  // The sign-in page's own texts beside the spec's: here, with the rest of /login's, so that page
  // loads no other feature's messages (its initial JS has a budget: docs/decisions.md#performance-budgets).
  signInWithEnt: 'Se connecter avec mon ENT',
  orEnt: 'ou',
  loginForgot: 'Mot de passe oublié ?',
  loginForgotHint:
    'Demandez à votre administrateur un lien pour choisir un nouveau mot de passe : il l’obtient depuis votre fiche, et vous l’envoie.',
  fillAllFields: 'Please fill in all fields',
  loginFailed: 'Failed to login',
  loginException: 'An error occurred during login',
  loggedIn: 'Logged in successfully',
  loggedOut: 'Logged out successfully',
  loading: 'Loading...',
  signingIn: 'Signing in...',

  // Screen texts (ours).
  signIn: 'Se connecter',
  twoFactorHint: 'Seulement si la double authentification est activée sur votre compte.',
  signInSubtitle: 'Connectez-vous à votre compte',
  tagline: 'Contenus pédagogiques de français pour les écoles',
  // docs/product.md#screens-and-routes: the username field is labelled Email.
  emailLabel: 'Email',
  emailPlaceholder: 'nom@ecole.fr',
  passwordLabel: 'Mot de passe',
  twoFactorLabel: 'Code (double authentification)',
  optional: '— facultatif',

  invalidCredentials: 'Adresse e-mail ou mot de passe incorrect',
  accountInactive: 'Votre compte est désactivé. Contactez votre administrateur.',
  noSchool: 'Votre compte n’est rattaché à aucune école. Contactez votre administrateur.',
  licenseInactive: 'La licence de votre école est désactivée. Contactez votre administrateur.',
  licenseExpired: 'La licence de votre école a expiré. Contactez votre administrateur.',
  licenseNotStarted: 'La licence de votre école n’a pas encore commencé.',
  twoFactorRequired: 'Le code de double authentification est requis',
  twoFactorInvalid: 'Code de double authentification incorrect ou déjà utilisé',
  /** A 429 of any password or code check, with its Retry-After in seconds. */
  tooManyAttempts: (seconds: number) => `Trop de tentatives. Réessayez dans ${formatWait(seconds)}.`,
  notSignedIn: 'Connexion requise',
  forbidden: 'Vous n’avez pas le droit de faire cela',
  xsrfInvalid: 'Jeton XSRF absent ou invalide',
  onlyAdmins2fa: 'La double authentification est réservée aux administrateurs',
} as const;
