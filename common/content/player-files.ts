// The player's own files that its service worker may keep in Cache Storage on an activity's
// origin, as the content origin serves them: its offline pages and their hashed assets. A
// package's script can write that cache (same origin), so the worker serves a kept copy only when
// its bytes hash to what this list says, with these headers rather than the copy's. The content
// origin writes the list into the worker script it serves (player-origin.routes.ts), where no
// package can change it. Pure: bundled into the service worker.

export type PlayerFile = {
  /** SHA-256 of the bytes the content origin sends, in hex. */
  sha256: string;
  headers: Record<string, string>;
};

/** By path (a page by its folder: `/player/`). */
export type PlayerFiles = Record<string, PlayerFile>;

/** Where the list goes in the built worker script: base64 of its JSON, inside a string literal. */
export const PLAYER_FILES_PLACEHOLDER = '__ARDOISE_PLAYER_FILES__';
