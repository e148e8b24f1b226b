/** The player frames may run scripts and keep their own (activity) origin, but may not navigate
 * the app page, show the browser's dialogs (a prompt() would hand what the teacher types to the
 * package: the player answers the content's alert and confirm itself, common/page-guard.ts) nor
 * open popups that leave the sandbox (they keep these flags). */
export const PLAYER_FRAME_SANDBOX =
  'allow-scripts allow-same-origin allow-forms allow-pointer-lock allow-popups allow-downloads';
