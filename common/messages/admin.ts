// Texts of the admin back-office (SPEC §2 "Admin area", §5, §8 "Admin lists" and "Admin profile"),
// kept exactly as the spec writes them, plus the server's own answers for what the spec does not cover.

export const schoolMessages = {
  // SPEC §5 "School create".
  nameRequired: 'Le nom de l’école est requis',
  cityRequired: 'ville est requise',
  telephoneRequired: 'telephone est requis',
  licenseStartRequired: 'License start date is required',
  licenseEndRequired: 'License end date is required',
  invalidEmail: 'Invalid email address',
  // SPEC §8 "Admin lists".
  deleted: 'School deleted successfully',
  deleteFailed: 'Failed to delete school. Please try again.',
  activated: 'School activated successfully',
  deactivated: 'School deactivated successfully',
  toggleFailed: 'Failed to toggle school status. Please try again.',
  created: 'School created successfully!',
  createFailed: 'Failed to create school. Please try again.',
  // SPEC §2 screens.
  deleteConfirm: 'Are you sure you want to delete this school? This action cannot be undone.',
  activeLicense: 'Active License',
  inactiveLicense: 'Inactive License',
  noRemarks: 'No remarks',
  // Ours.
  updated: 'School updated successfully',
  updateFailed: 'Failed to update school. Please try again.',
  notFound: 'School not found',
  invalidDate: 'Invalid date (expected YYYY-MM-DD)',
  invalidWebsite: 'Invalid website address',
  endBeforeStart: 'License end date cannot be before the start date',
  tooLong: 'This field is too long',
  // Screen texts (ours).
  licenseStartLabel: 'License start date',
  licenseEndLabel: 'License end date',
  lastPaymentLabel: 'Last payment date',
  usageTeachers: 'Enseignants connectés',
  editTitle: 'Edit school',
  newTitle: 'New school',
  schoolSection: 'School',
  nameLabel: 'School name',
  licenseSection: 'License',
  activeLicenseLabel: 'Active license',
  saveChanges: 'Save changes',
  createSubmit: 'Create school',
  seeDetails: 'See details',
  deleteAction: 'Delete school',
  addSchool: 'Ajouter une école',
  requiredHint: 'Fields marked * are required.',
  loadOneFailed: 'The school could not be loaded',
  backToList: 'Back to the schools',
  editPageTitle: 'Modifier l’école',
  listTitle: 'Gestion des écoles',
  count: (n: number) => `${n.toLocaleString('fr-FR')} école${n === 1 ? '' : 's'}`,
  search: 'Search schools...',
  loadFailed: 'The schools could not be loaded.',
  emptyTitle: 'No schools yet',
  emptyDescription: 'Add the first school to give its teachers access.',
  noMatch: 'No school matches your search',
} as const;

export const teacherMessages = {
  // SPEC §5 "Teacher create".
  nameRequired: 'Name is required',
  firstnameRequired: 'firstname is required',
  emailRequired: 'Email is required',
  telephoneRequired: 'Telephone number is required',
  passwordRequired: 'Password is required',
  passwordTooShort: 'Password must be at least 8 characters',
  // SPEC §8 "Admin lists".
  deleted: 'Teacher has been deleted successfully',
  deleteFailed: 'Failed to delete teacher. Please try again.',
  statusUpdated: 'Teacher status has been updated successfully',
  statusFailed: 'Failed to update teacher status. Please try again.',
  // SPEC §2: the browser confirm before deleting an account.
  deleteConfirm: (name: string) =>
    `Are you sure you want to delete ${name}'s account? This action cannot be undone.`,
  // Ours.
  created: 'Teacher created successfully',
  updated: 'Teacher updated successfully',
  saveFailed: 'Failed to save teacher. Please try again.',
  notFound: 'Teacher not found',
  schoolRequired: 'School is required',
  schoolUnknown: 'The selected school does not exist',
  levelUnknown: 'One of the selected levels does not exist',
  invalidEmail: 'Invalid email address',
  invalidGroups: 'Groups must be a whole number, 0 or more',
  emailTaken: 'This email address is already used by another account',
  tooLong: 'This field is too long',
  // Screen texts (ours).
  editTitle: 'Edit teacher',
  newTitle: 'New teacher',
  identitySection: 'Identity',
  firstnameLabel: 'First name',
  passwordHintEdit: 'Leave empty to keep the current password. At least 8 characters.',
  passwordHint: 'At least 8 characters.',
  activeAccountLabel: 'Active account',
  schoolSection: 'School and levels',
  selectSchool: 'Select a school',
  groupLimitHint: 'How many groups this teacher may create. Empty = no limit.',
  levelsLabel: 'Levels',
  noLevels: 'No levels yet. Create levels in Educational Levels.',
  saveChanges: 'Save changes',
  createSubmit: 'Create teacher',
  viewProfile: 'View profile',
  deleteAction: 'Delete account',
  backToList: 'Back to the teachers',
  formOptionsFailed: 'The form options could not be loaded',
  addTeacher: 'Ajouter un enseignant',
  requiredHint: 'Fields marked * are required.',
  loadOneFailed: 'The teacher could not be loaded',
  editPageTitle: 'Modifier l’enseignant',
  listTitle: 'Gestion des enseignants',
  count: (n: number) => `${n.toLocaleString('fr-FR')} enseignant${n === 1 ? '' : 's'}`,
  search: 'Search teachers...',
  loadFailed: 'The teachers could not be loaded.',
  emptyTitle: 'No teachers yet',
  emptyDescription: 'Add a teacher and link them to a school and levels.',
  noMatch: 'No teacher matches your search',
} as const;

export const adminProfileMessages = {
  // SPEC §8 "Admin profile".
  updated: 'Admin information updated successfully',
  updateFailed: 'Error updating admin information',
  // SPEC §5 "Admin edit".
  passwordTooShort: 'Password must be at least 8 characters',
  // Ours.
  invalidEmail: 'Invalid email address',
  emailTaken: 'This email address is already used by another account',
  nothingToUpdate: 'Nothing to update',
} as const;

export const dashboardMessages = {
  title: 'Dashboard',
  subtitle: 'Aperçu des statistiques de votre plateforme',
} as const;
