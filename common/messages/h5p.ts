// Texts of the H5P runtime page (/player/h5p/ on the content origin) and the admin preview player.

export const h5pMessages = {
  baseRefused: 'Ce contenu H5P ne peut pas être affiché : son adresse n’est pas celle d’une activité.',
  loadFailed: 'Le contenu H5P n’a pas pu être chargé.',
  previewRefused: 'Cet aperçu ne peut pas être affiché : son adresse n’est pas celle d’une activité.',
  previewFrameTitle: 'Aperçu de l’activité',
} as const;
