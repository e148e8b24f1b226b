/** The player frames may run scripts and keep their own (activity) origin, but may not navigate
 * the app page. */
export const PLAYER_FRAME_SANDBOX =
  'allow-scripts allow-same-origin allow-forms allow-modals allow-pointer-lock allow-popups allow-downloads';
