// Words of the app's shared controls (dialog buttons, list states), used by every feature's screens.

export const uiMessages = {
  cancel: 'Annuler',
  delete: 'Supprimer',
  close: 'Close',
  edit: 'Edit',
  rowActions: (name: string) => `Actions for ${name}`,
} as const;
