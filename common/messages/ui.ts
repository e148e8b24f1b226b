// Words of the app's shared controls (dialog buttons, list states), used by every feature's screens.

export const uiMessages = {
  cancel: 'Annuler',
  delete: 'Supprimer',
  close: 'Close',
  edit: 'Edit',
  rowActions: (name: string) => `Actions for ${name}`,
  /** Leaves an entity form for its list. */
  cancelForm: 'Cancel',
  retry: 'Retry',
  remarks: 'Remarks',
  active: 'Actif',
  inactive: 'Inactif',
  showPassword: 'Show password',
  hidePassword: 'Hide password',
} as const;

/** The app shell around every signed-in screen, and the pages shown when no screen can be. */
export const shellMessages = {
  navDashboard: 'Dashboard',
  navSchools: 'Schools',
  navTeachers: 'Teachers',
  navLevels: 'Educational Levels',
  mainNavigation: 'Main navigation',
  expandSidebar: 'Expand sidebar',
  collapseSidebar: 'Collapse sidebar',
  collapse: 'Collapse',
  options: 'options',
  logOut: 'Log out',
  skipToContent: 'Skip to content',
  navigation: 'Navigation',
  openNavigation: 'Open navigation',
  notFoundTitle: 'Page Not Found',
  notFoundText: 'The page you are looking for does not exist or has moved.',
  back: 'Back',
  errorTitle: 'Unexpected Application Error!',
  reload: 'Reload',
  home: 'Home',
  sidebar: 'Sidebar',
  userMenu: (name: string) => `User menu${name ? `: ${name}` : ''}`,
  unknownError: 'Unknown error',
} as const;
