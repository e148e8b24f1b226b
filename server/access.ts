// Who may call a route: the rule each /api route declares in `config.auth` (the auth plugin,
// features/auth/auth.plugin.ts, enforces it) and the app's own cookies. No feature is imported here,
// so every route file can name its rule without reaching into the auth feature.

/** `__Host-`: browsers keep it only when set Secure, Path=/ and without Domain by this very host,
 * so a sibling host (the content origin, a package's origin) can neither plant nor shadow it. */
export const SESSION_COOKIE = '__Host-ardoise_session';

/** Options of the app's own cookies: host-only, `__Host-` compatible
 * (browsers count http://localhost as secure, so tests keep working over plain HTTP). */
export const HOST_COOKIE_OPTIONS = { path: '/', httpOnly: true, sameSite: 'strict', secure: true } as const;

export type AuthRule = {
  /** public: anyone; user: a signed-in teacher or admin (the spec's users; never a pupil); admin:
   * role admin only; pupil: role pupil only; signedIn: any signed-in account, teacher, admin or
   * pupil (signing out, and the routes that play an entry, whose entry check tells a pupil's
   * entries from a class's). */
  role: 'public' | 'user' | 'admin' | 'pupil' | 'signedIn';
  /** Extra credential carriers this route accepts besides the bearer header: the app's session
   * cookie, `?token=`, or the admin preview's pass in the `:pass` parameter, for the activity in
   * `:id` (features/auth/preview-pass.ts), or a pupil's write pass for the entry in `:id`
   * (features/auth/write-pass.ts: a shared tablet's writes kept after the pupil signed out). */
  via?: ReadonlyArray<'cookie' | 'query' | 'preview-pass' | 'write-pass'>;
  /** The route parameter holding the id of a group the route serves: the session and that group
   * (if the caller may see it) are then read in one statement, put on `request.ownedGroup`. */
  groupParam?: string;
};

/** The rules routes pick from. */
export const access = {
  public: { config: { auth: { role: 'public' } satisfies AuthRule } },
  user: { config: { auth: { role: 'user' } satisfies AuthRule } },
  /** A signed-in user, on a route about the group in its `:groupId` parameter. */
  userGroup: { config: { auth: { role: 'user', groupParam: 'groupId' } satisfies AuthRule } },
  admin: { config: { auth: { role: 'admin' } satisfies AuthRule } },
  /** A signed-in pupil (their own space, docs/pupils.md). */
  pupil: { config: { auth: { role: 'pupil' } satisfies AuthRule } },
  /** Any signed-in account: signing out, and the routes that play an entry (the entry check decides). */
  signedIn: { config: { auth: { role: 'signedIn' } satisfies AuthRule } },
  /** The player's runtime writes: also a pupil's write pass for the entry in `:id`. */
  runtimeWrites: { config: { auth: { role: 'signedIn', via: ['write-pass'] } satisfies AuthRule } },
} as const;
