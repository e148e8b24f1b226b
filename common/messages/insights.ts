// Texts of the insight screens (dashboard reports, school usage, audit log, a group's overview and
// exports) and the server's answers for them. Not in the spec: ours.

export const insightsMessages = {
  // Dashboard.
  licencesTitle: 'Licences à renouveler',
  licencesSubtitle: 'Fin de licence dans les 90 prochains jours, et licences échues encore actives',
  licencesEmpty: 'Aucune licence ne se termine dans les 90 prochains jours.',
  licencesExport: 'Exporter en CSV',
  licencesError: 'Les licences n’ont pas pu être chargées.',
  activityTitle: 'Activité des 12 dernières semaines',
  activitySubtitle: 'Activités terminées et groupes actifs par semaine',
  activityEmpty: 'Aucune activité terminée ces 12 dernières semaines.',
  activityError: 'L’activité n’a pas pu être chargée.',
  rankingTitle: 'Écoles les plus et les moins actives (30 jours)',
  rankingSubtitle: 'Activités terminées par groupe',
  rankingEmpty: 'Aucune école n’a encore de groupe.',
  mostActive: 'Les plus actives',
  leastActive: 'Les moins actives',
  retry: 'Réessayer',
  exportFailed: 'Le fichier n’a pas pu être téléchargé. Réessayez.',
  // School usage.
  usageTitle: 'Utilisation (30 derniers jours)',
  usageError: 'L’utilisation n’a pas pu être chargée.',
  // Audit log.
  auditTitle: 'Journal d’audit',
  auditSubtitle: 'Qui a fait quoi, et quand',
  auditEmpty: 'Aucune entrée ne correspond à ces filtres.',
  auditError: 'Le journal n’a pas pu être chargé.',
  dateRange: 'La date de fin précède la date de début',
  invalidDate: 'Date invalide (attendu AAAA-MM-JJ)',
  invalidEmail: 'Adresse e-mail invalide',
  // A group's overview and exports.
  overview: 'Vue d’ensemble',
  table: 'Tableau',
  overviewError: 'La vue d’ensemble n’a pas pu être chargée.',
  overviewEmpty: 'Ce niveau n’a encore aucune activité.',
} as const;
