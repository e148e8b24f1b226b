// Texts of the work a teacher gives a group's pupils (« Donner aux élèves », docs/pupils.md) and
// of the pupil's space (/eleve), with the server's answers for them.

const frenchDate = (isoDate: string) =>
  new Date(`${isoDate}T12:00:00Z`).toLocaleDateString('fr-FR', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  });

export const assignmentMessages = {
  invalidKind: 'Choisissez une activité, une séance ou une leçon.',
  invalidDueDate: 'La date doit être une date valide (AAAA-MM-JJ).',
  give: 'Donner aux élèves',
  giveActivity: (title: string) => `Donner «\u00a0${title}\u00a0» aux élèves`,
  giveHelp: 'Chaque élève du groupe la retrouve dans son espace, dans l’ordre du tableau.',
  dueDateLabel: 'Pour le (facultatif)',
  confirmGive: 'Donner',
  cancel: 'Annuler',
  retire: 'Retirer',
  given: 'Donné aux élèves',
  retired: 'Retiré aux élèves',
  giveError: 'Le travail n’a pas pu être donné. Réessayez.',
  retireError: 'Le travail n’a pas pu être retiré. Réessayez.',
  pupilsLink: 'Élèves',
  progress: (finished: number, pupils: number) => `${finished}/${pupils} ${pupils > 1 ? 'élèves' : 'élève'}`,
  mean: (score: number) => `moyenne ${Math.round(score)}\u00a0%`,
  dueOn: (isoDate: string) => `pour le ${frenchDate(isoDate)}`,
  menuLabel: (title: string) => `Travail des élèves : ${title}`,
};

export const pupilSpaceMessages = {
  title: 'Mon espace',
  hello: (name: string) => `Bonjour ${name}\u00a0!`,
  changePupil: 'Changer d’élève',
  toDo: 'À faire',
  done: 'Terminé',
  locked: 'Plus tard',
  lockedHint: 'Termine d’abord l’activité d’avant.',
  replay: 'Rejouer',
  play: 'Commencer',
  score: (score: number) => `${Math.round(score)}\u00a0%`,
  nothingGiven: 'Ton enseignant ne t’a encore rien donné.',
  nothingToDo: 'Bravo, tout est terminé\u00a0!',
  loadError: 'Ton espace n’a pas pu s’ouvrir.',
  /** A pupil let in while the network is cut (docs/pupils.md#hors-ligne). */
  offline: 'Pas de réseau : ton travail est gardé sur la tablette et partira quand le réseau reviendra.',
  tryAgain: 'Réessayer',
  teacher: (name: string) => `avec ${name}`,
  counts: (toDo: number, done: number) => `${toDo} à faire · ${done} ${done > 1 ? 'terminées' : 'terminée'}`,
};
