// The one HTTP client of the SPA (docs/product.md#api-calls): /api base, cookies, 10 s timeout, XSRF header, bearer token.
import axios, { AxiosError, type InternalAxiosRequestConfig } from 'axios';
import { HTTP_TIMEOUT_MS } from '@/common/constants.js';
import { authMessages } from '@/common/messages/auth.js';

/** Host-only (`__Host-`): a cookie of that name can only come from the app's own host. */
const XSRF_COOKIE = '__Host-XSRF-TOKEN';
const XSRF_HEADER = 'X-XSRF-TOKEN';

/** Calls whose 401 is part of the sign-in flow itself, not a sign of an expired session. */
const AUTH_FLOW_URLS = ['auth/login', 'auth/me', 'auth/logout', 'auth/ent/', 'classe/'];

export const api = axios.create({
  baseURL: '/api',
  withCredentials: true,
  timeout: HTTP_TIMEOUT_MS,
  xsrfCookieName: XSRF_COOKIE,
  xsrfHeaderName: XSRF_HEADER,
});

function readCookie(name: string): string | undefined {
  if (typeof document === 'undefined') return undefined;
  const prefix = `${name}=`;
  const entry = document.cookie.split('; ').find((part) => part.startsWith(prefix));
  return entry ? decodeURIComponent(entry.slice(prefix.length)) : undefined;
}

api.interceptors.request.use(
  (config) => {
    // Copy the cookie on every request, whatever axios decides about same-origin checks.
    const xsrf = readCookie(XSRF_COOKIE);
    if (xsrf) config.headers.set(XSRF_HEADER, xsrf);
    // A null body would go out labelled as a form (axios' default for writes), which the server
    // refuses with 415; without a body axios sends no Content-Type at all.
    if (config.data === null) config.data = undefined;
    return config;
  },
  (error: unknown) => {
    console.error('Request setup failed', error);
    return Promise.reject(error);
  },
);

/** Sets (or, with null, removes) the bearer Authorization header sent with every call. */
export function setAuthToken(token: string | null): void {
  if (token) api.defaults.headers.common.Authorization = `Bearer ${token}`;
  else delete api.defaults.headers.common.Authorization;
}

/** Told the Authorization header the refused call carried (null: none). */
type UnauthorizedHandler = (sentAuthorization: string | null) => void;
let onUnauthorized: UnauthorizedHandler | null = null;

/** Registers what to do when a call answers 401 outside the sign-in flow (the session has ended). */
export function setUnauthorizedHandler(handler: UnauthorizedHandler | null): void {
  onUnauthorized = handler;
}

const currentAuthorization = () => {
  const value = api.defaults.headers.common.Authorization;
  return typeof value === 'string' ? value : null;
};

type RetriableConfig = InternalAxiosRequestConfig & { _xsrfRetried?: boolean };

function isAuthFlowCall(config: InternalAxiosRequestConfig | undefined): boolean {
  const url = config?.url?.replace(/^\/+/, '') ?? '';
  return AUTH_FLOW_URLS.some((path) => url.startsWith(path));
}

api.interceptors.response.use(undefined, (error: unknown) => {
  if (!(error instanceof AxiosError) || !error.response) return Promise.reject(error);
  const config = error.config as RetriableConfig | undefined;
  const { status, data } = error.response;

  // The very first write of a tab can race the cookie, or the cookie may be stale: the 403 answer
  // itself sets a fresh one, so retry once.
  if (
    status === 403 &&
    config &&
    !config._xsrfRetried &&
    (data as { message?: unknown } | undefined)?.message === authMessages.xsrfInvalid &&
    readCookie(XSRF_COOKIE)
  ) {
    config._xsrfRetried = true;
    return api.request(config);
  }

  if (status === 401 && !isAuthFlowCall(config)) {
    const sent = config?.headers?.get('Authorization');
    onUnauthorized?.(typeof sent === 'string' ? sent : null);
  }
  return Promise.reject(error);
});

/** The headers every call carries (bearer token, XSRF), for requests made without axios. */
export function requestHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  const authorization = currentAuthorization();
  if (authorization) headers.Authorization = authorization;
  const xsrf = readCookie(XSRF_COOKIE);
  if (xsrf) headers[XSRF_HEADER] = xsrf;
  return headers;
}

/** Tells the app its session has ended (a 401 seen outside axios). */
export function reportUnauthorized(): void {
  onUnauthorized?.(currentAuthorization());
}

/** Whether a call got no answer at all: the network is cut (not a timeout, not a cancel). */
export function isNoAnswer(error: unknown): boolean {
  return (
    error instanceof AxiosError &&
    !error.response &&
    error.code !== AxiosError.ECONNABORTED &&
    error.code !== AxiosError.ERR_CANCELED
  );
}

/** The server's `{ success: false, message }` text, or the fallback. */
export function getErrorMessage(error: unknown, fallback: string): string {
  if (error instanceof AxiosError) {
    const message = (error.response?.data as { message?: unknown } | undefined)?.message;
    if (typeof message === 'string' && message.trim()) return message;
  }
  return fallback;
}
