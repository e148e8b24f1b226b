// Texts of the sign-in flow: the spec's own (SPEC §8 "Authentication") and the server's answers.

export const authMessages = {
  fillAllFields: 'Please fill in all fields',
  loginFailed: 'Failed to login',
  loginException: 'An error occurred during login',
  loggedIn: 'Logged in successfully',
  loggedOut: 'Logged out successfully',
  loading: 'Loading...',
  signingIn: 'Signing in...',

  // Screen texts (ours).
  signIn: 'Sign in',
  twoFactorHint: 'Only if two-factor authentication is enabled on your account.',
  signInSubtitle: 'Sign in to your account',
  tagline: 'Contenus pédagogiques de français pour les écoles',
  emailLabel: 'Email',
  emailPlaceholder: 'nom@ecole.fr',
  passwordLabel: 'Password',
  twoFactorLabel: 'Code (2FA)',
  optional: '— optional',

  invalidCredentials: 'Invalid email or password',
  accountInactive: 'Your account is inactive. Please contact your administrator.',
  noSchool: 'Your account is not linked to a school. Please contact your administrator.',
  licenseInactive: "Your school's licence is inactive. Please contact your administrator.",
  licenseExpired: "Your school's licence has expired. Please contact your administrator.",
  licenseNotStarted: "Your school's licence has not started yet.",
  twoFactorRequired: 'Two-factor authentication code required',
  twoFactorInvalid: 'Invalid or already used two-factor authentication code',
  tooManyAttempts: 'Too many failed sign-in attempts. Please try again later.',
  notSignedIn: 'Authentication required',
  forbidden: 'You are not allowed to do this',
  xsrfInvalid: 'Invalid or missing XSRF token',
  onlyAdmins2fa: 'Two-factor authentication is only available to administrators',
} as const;
