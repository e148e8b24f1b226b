// What an untrusted package may do in its frame. It keeps its own (content) origin, so scripts,
// storage and forms work there, but it cannot navigate the app's window away (no
// allow-top-navigation), which closes the door to phishing by redirect.
export const ACTIVITY_PREVIEW_SANDBOX =
  'allow-scripts allow-same-origin allow-forms allow-popups allow-modals allow-pointer-lock allow-downloads';
