// Words of the app's shared controls (dialog buttons, list states), used by every feature's screens.
import { plural } from '../french.js';

export const uiMessages = {
  cancel: 'Annuler',
  delete: 'Supprimer',
  close: 'Fermer',
  /** The cross in a dialog's corner (the footer's button says Fermer). */
  closeDialog: 'Fermer la fenêtre',
  edit: 'Modifier',
  rowActions: (name: string) => `Actions : ${name}`,
  /** Leaves an entity form for its list. */
  cancelForm: 'Annuler',
  retry: 'Réessayer',
  remarks: 'Remarques',
  active: 'Actif',
  inactive: 'Inactif',
  showPassword: 'Afficher le mot de passe',
  hidePassword: 'Masquer le mot de passe',
  copy: 'Copier',
  copied: 'Copié',
  copyFailed: 'La copie a échoué : sélectionnez le texte pour le copier.',
  /** What a match count says under a list's search box. */
  results: (n: number) => plural(n, 'résultat', 'résultats'),
  breadcrumb: 'Fil d’Ariane',
  sortBy: (column: string) => `Trier par ${column.toLowerCase()}`,
} as const;

/** The app shell around every signed-in screen, and the pages shown when no screen can be. */
export const shellMessages = {
  navDashboard: 'Dashboard',
  navSchools: 'Schools',
  navTeachers: 'Teachers',
  navLevels: 'Educational Levels',
  mainNavigation: 'Navigation principale',
  expandSidebar: 'Déplier le menu',
  collapseSidebar: 'Replier le menu',
  collapse: 'Replier',
  options: 'options',
  logOut: 'Log out',
  skipToContent: 'Aller au contenu',
  navigation: 'Navigation',
  openNavigation: 'Ouvrir le menu',
  notFoundTitle: 'Page Not Found',
  notFoundText: 'La page demandée n’existe pas ou a été déplacée.',
  back: 'Retour',
  errorTitle: 'Unexpected Application Error!',
  reload: 'Recharger',
  home: 'Accueil',
  sidebar: 'Menu latéral',
  userMenu: (name: string) => `Menu du compte${name ? ` : ${name}` : ''}`,
  unknownError: 'Erreur inconnue',
  /** The browser tab's title of a screen: its own name, then the product's. */
  tabTitle: (screen: string) => `${screen} · Ardoise`,
  homeLink: 'Ardoise, accueil',
  notifications: 'Notifications',
  closeNotification: 'Fermer la notification',
} as const;
