// Generic answers of the HTTP layer (docs/decisions.md#api-conventions).
import { JSON_MAX_DEPTH } from '../constants.js';

export const httpMessages = {
  invalidJson: 'Le corps de la requête n’est pas un JSON valide',
  jsonTooDeep: `Le JSON de la requête est trop imbriqué (${JSON_MAX_DEPTH} niveaux au plus)`,
  invalidInput: 'Données invalides',
  invalidId: 'Identifiant invalide',
  controlCharacter: 'Le texte ne peut pas contenir de caractères de contrôle (comme NUL)',
  invalidUrl: 'L’adresse n’est pas valide',
  urlTooLong: 'L’adresse est trop longue',
  headersTooLarge: 'Les en-têtes de la requête sont trop volumineux',
  requestTimeout: 'La requête a mis trop de temps à arriver',
  cookiesCleared:
    'Ce navigateur envoyait trop de cookies pour ce site : ils viennent d’être effacés. Rechargez la page ; il faudra peut-être vous reconnecter.',
  cookiesClearedTitle: 'Cookies effacés',
  reload: 'Recharger la page',
  badRequest: 'Requête invalide',
  notFound: 'Introuvable',
  bodyTooLarge: 'Le corps de la requête est trop volumineux',
  unsupportedMediaType: 'Type de contenu non pris en charge',
  internal: 'Une erreur inattendue est survenue. Réessayez.',
} as const;
