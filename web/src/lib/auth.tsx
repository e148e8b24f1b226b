// Who is signed in (docs/product.md#signing-in-and-out): restore from session storage, check with the server, log in and out.
import { AxiosError } from 'axios';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import {
  ROLE_ADMIN,
  ROLE_PUPIL,
  SESSION_STORAGE_TOKEN_KEY,
  SESSION_STORAGE_USER_KEY,
} from '@/common/constants.js';
import { authMessages } from '@/common/messages/auth.js';
import type { LoginResponse, SessionUser } from '@/common/schemas/auth.js';
import { isPublicPath, paths } from '../config/paths';
import { api, getErrorMessage, setAuthToken, setUnauthorizedHandler } from './api-client';
import { notify } from './notify';

export type { SessionUser };

type AuthState = {
  user: SessionUser | null;
  token: string | null;
  loading: boolean;
  /** Where a sign-out elsewhere than the sign-in page went (a pupil's « Changer d'élève »: the
   * class's door): the signed-in guard sends there too, never to /login meanwhile. */
  exitTo?: string;
  /** A pupil the class tablet let in while the network is cut (docs/pupils.md#hors-ligne): no
   * session on the server yet (token null) until the network is back. */
  offline?: boolean;
};

export type LoginResult = { success: true; user: SessionUser } | { success: false; message: string };

type AuthContextValue = AuthState & {
  /** Resolves with the outcome; rejects only when no answer came back (network, timeout). */
  login: (username: string, password: string, token?: string) => Promise<LoginResult>;
  /** Ends the session, then goes to `next` (the sign-in page by default). */
  logout: (next?: string) => void;
  /** Keeps the shown name in step after the user edits their own profile. */
  renameUser: (names: { name: string; firstname: string }) => void;
  /** Starts the session the server opened another way (a sign-in through the ENT); goes to `next`
   * (a path of Ardoise) or the role's home. */
  startSession: (response: LoginResponse, next?: string) => boolean;
  /** Lets a pupil in while the network is cut (the tablet checked their pictures) and goes to their
   * space. Once the network is back, `reconnect` opens their session on the server: it resolves
   * with the door's answer, with null when the door refuses them (the pupil is then signed out),
   * and rejects while there is still no answer. */
  startOfflineSession: (user: SessionUser, reconnect: () => Promise<LoginResponse | null>) => void;
};

/** How often a pupil let in offline tries to open their session on the server, beside the
 * browser's 'online' event (which a flaky network does not always fire). */
const OFFLINE_RECONNECT_MS = 15_000;

const AuthContext = createContext<AuthContextValue | null>(null);

/** Where a role lands after sign-in (docs/product.md#roles-and-permissions): admins on the dashboard,
 * pupils in their space (docs/pupils.md), teachers on the level picker. */
export function getHomePath(role: string): string {
  if (role === ROLE_ADMIN) return paths.dashboard.getHref();
  if (role === ROLE_PUPIL) return paths.pupilHome.getHref();
  return paths.userLevels.getHref();
}

// Parsed by hand rather than with the zod schema, to keep zod out of the /login bundle.
function toSessionUser(value: unknown): SessionUser | null {
  if (!value || typeof value !== 'object') return null;
  const { id, name, firstname, role } = value as Record<string, unknown>;
  if (typeof id !== 'number' || typeof name !== 'string' || typeof role !== 'string') return null;
  // A session stored by an older build has no first name: the avatar then uses the name alone.
  return {
    id,
    name,
    firstname: typeof firstname === 'string' ? firstname : '',
    role: role as SessionUser['role'],
  };
}

function readStoredSession(): { user: SessionUser; token: string } | null {
  try {
    const token = sessionStorage.getItem(SESSION_STORAGE_TOKEN_KEY);
    const rawUser = sessionStorage.getItem(SESSION_STORAGE_USER_KEY);
    const user = rawUser ? toSessionUser(JSON.parse(rawUser)) : null;
    return token && user ? { user, token } : null;
  } catch {
    return null;
  }
}

function storeSession(user: SessionUser, token: string): void {
  try {
    sessionStorage.setItem(SESSION_STORAGE_USER_KEY, JSON.stringify(user));
    sessionStorage.setItem(SESSION_STORAGE_TOKEN_KEY, token);
  } catch {
    // Storage can be unavailable (private mode, quota); the session then lasts as long as the page.
  }
}

function clearStoredSession(): void {
  try {
    sessionStorage.removeItem(SESSION_STORAGE_USER_KEY);
    sessionStorage.removeItem(SESSION_STORAGE_TOKEN_KEY);
  } catch {
    // Nothing stored, nothing to clear.
  }
}

type AuthProviderProps = {
  children: ReactNode;
  /** Navigation lives outside React Router's tree here, so the router passes its navigate in
   * (resolved once the new page is there). */
  navigate: (to: string) => void | Promise<void>;
};

export function AuthProvider({ children, navigate }: AuthProviderProps) {
  const [state, setState] = useState<AuthState>({ user: null, token: null, loading: true });

  const reconnectRef = useRef<(() => Promise<LoginResponse | null>) | null>(null);

  const endSession = useCallback((exitTo?: string) => {
    reconnectRef.current = null;
    clearStoredSession();
    setAuthToken(null);
    setState({ user: null, token: null, loading: false, ...(exitTo ? { exitTo } : {}) });
  }, []);

  // On start: restore, then ask the server whether the session still holds. This first call also
  // gives the tab its XSRF cookie before any write.
  useEffect(() => {
    let cancelled = false;
    const stored = readStoredSession();
    if (stored) setAuthToken(stored.token);

    api
      .get('auth/me')
      .then(({ data }) => {
        if (cancelled) return;
        if (!data || !stored) throw new Error('No session');
        const user = toSessionUser((data as { user?: unknown }).user) ?? stored.user;
        storeSession(user, stored.token);
        setState({ user, token: stored.token, loading: false });
      })
      .catch(() => {
        if (cancelled) return;
        endSession();
        if (!isPublicPath(window.location.pathname)) navigate(paths.login.getHref());
      });

    return () => {
      cancelled = true;
    };
  }, [endSession, navigate]);

  // A 401 on any later call means the server ended the session (expiry, deactivation, password change).
  // Only a call that carried this session's token tells so: once signed out (a pupil's « Changer
  // d'élève » goes to the class's door), a late 401 of the screens being left changes nothing, nor
  // does the 401 of a call a pupil let in offline made before their session opened on the server.
  const sessionToken = useRef<string | null>(null);
  sessionToken.current = state.token;
  useEffect(() => {
    setUnauthorizedHandler((sent) => {
      if (!sessionToken.current || sent !== `Bearer ${sessionToken.current}`) return;
      endSession();
      void navigate(paths.login.getHref());
    });
    return () => setUnauthorizedHandler(null);
  }, [endSession, navigate]);

  const begin = useCallback((user: SessionUser, token: string) => {
    storeSession(user, token);
    setAuthToken(token);
    setState({ user, token, loading: false });
    notify.dismissAll();
    notify.success(authMessages.loggedIn);
  }, []);

  const login = useCallback(
    async (username: string, password: string, token?: string): Promise<LoginResult> => {
      let data: LoginResponse;
      try {
        ({ data } = await api.post<LoginResponse>('auth/login', {
          username,
          password,
          token: token?.trim() ? token.trim() : undefined,
        }));
      } catch (error) {
        if (error instanceof AxiosError && error.response) {
          return { success: false, message: getErrorMessage(error, authMessages.loginFailed) };
        }
        throw error;
      }

      const user = toSessionUser(data?.user);
      if (!data?.token || !user) return { success: false, message: authMessages.loginFailed };
      begin(user, data.token);
      navigate(getHomePath(user.role));
      return { success: true, user };
    },
    [begin, navigate],
  );

  const startSession = useCallback(
    (data: LoginResponse, next?: string): boolean => {
      const user = toSessionUser(data?.user);
      if (!data?.token || !user) return false;
      begin(user, data.token);
      navigate(next?.startsWith('/') && !next.startsWith('//') ? next : getHomePath(user.role));
      return true;
    },
    [begin, navigate],
  );

  const startOfflineSession = useCallback(
    (user: SessionUser, reconnect: () => Promise<LoginResponse | null>) => {
      reconnectRef.current = reconnect;
      clearStoredSession();
      setAuthToken(null);
      setState({ user, token: null, loading: false, offline: true });
      notify.dismissAll();
      notify.success(authMessages.loggedIn);
      navigate(getHomePath(user.role));
    },
    [navigate],
  );

  // A pupil let in offline: their session is opened on the server as soon as it answers, in place
  // (the screen and a playing activity stay as they are).
  const offlineUserId = state.offline ? (state.user?.id ?? null) : null;
  useEffect(() => {
    if (offlineUserId === null) return;
    let trying = false;
    let stopped = false;
    const attempt = async () => {
      const reconnect = reconnectRef.current;
      if (trying || !reconnect) return;
      trying = true;
      try {
        const data = await reconnect();
        const user = toSessionUser(data?.user);
        if (stopped || reconnectRef.current !== reconnect) return;
        if (data?.token && user?.id === offlineUserId) {
          reconnectRef.current = null;
          storeSession(user, data.token);
          setAuthToken(data.token);
          setState({ user, token: data.token, loading: false });
        } else {
          endSession(paths.classDoor.getHref());
          void navigate(paths.classDoor.getHref());
        }
      } catch {
        // Still no answer: the next try.
      } finally {
        trying = false;
      }
    };
    window.addEventListener('online', attempt);
    const timer = setInterval(attempt, OFFLINE_RECONNECT_MS);
    return () => {
      stopped = true;
      window.removeEventListener('online', attempt);
      clearInterval(timer);
    };
  }, [offlineUserId, endSession, navigate]);

  const logout = useCallback(
    (next?: string) => {
      const { token } = state;
      // Revoke on the server without making the user wait; a failure changes nothing on this side.
      const revoke = () => {
        if (!token) return;
        api
          .post('auth/logout', undefined, { headers: { Authorization: `Bearer ${token}` } })
          .catch(() => undefined);
      };
      notify.success(authMessages.loggedOut);
      revoke();
      endSession(next);
      void navigate(next ?? paths.login.getHref());
    },
    [state, endSession, navigate],
  );

  const renameUser = useCallback((names: { name: string; firstname: string }) => {
    setState((current) => {
      if (!current.user || !current.token) return current;
      const user = { ...current.user, ...names };
      storeSession(user, current.token);
      return { ...current, user };
    });
  }, []);

  const value = useMemo<AuthContextValue>(
    () => ({ ...state, login, logout, renameUser, startSession, startOfflineSession }),
    [state, login, logout, renameUser, startSession, startOfflineSession],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const context = useContext(AuthContext);
  if (!context) throw new Error('useAuth must be used inside <AuthProvider>');
  return context;
}
