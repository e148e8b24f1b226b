// What an untrusted package may do in its frame: as the teacher area's player frame
// (features/teacher-area/lib/player-frame-sandbox.ts). It keeps its own (content) origin, so scripts,
// storage and forms work there, but it cannot navigate the app's window away (no
// allow-top-navigation), which closes the door to phishing by redirect, nor show the browser's
// dialogs (its prompt() would hand what the admin types to the package).
export const ACTIVITY_PREVIEW_SANDBOX =
  'allow-scripts allow-same-origin allow-forms allow-popups allow-pointer-lock allow-downloads';
