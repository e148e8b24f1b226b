// The xAPI endpoint of a launch on the content origin: /local-activity/xapi/{launchId}/{resource}.
// The service worker answers it by handing each request to the player page of that launch (which
// runs the launch's LRS, xapi-lrs.ts) over a MessageChannel; this module is what both sides share.
// Synchronous requests to it, which do not reach the worker, are answered by sync-shim.ts.
import type { LrsRequest, LrsResponse } from './xapi-lrs';

export const XAPI_ENDPOINT_PATH = '/local-activity/xapi/';
/** The page the content's frame goes to when it closes (cmi5 returnURL), served by the worker. */
export const XAPI_RETURN_RESOURCE = 'return';

export const xapiEndpoint = (origin: string, launchId: string) =>
  `${origin}${XAPI_ENDPOINT_PATH}${launchId}/`;

/** Worker → player page; the page answers on the transferred port with an LrsResponse, or null
 * when the launch is not its own. */
export type XapiRequestMessage = { type: 'xapi:request'; launchId: string; request: LrsRequest };

export function isXapiRequestMessage(data: unknown): data is XapiRequestMessage {
  const { type, launchId, request } = (data ?? {}) as Partial<XapiRequestMessage>;
  return type === 'xapi:request' && typeof launchId === 'string' && !!request && typeof request === 'object';
}

export function isLrsResponse(data: unknown): data is LrsResponse {
  const { status, headers, body } = (data ?? {}) as Partial<LrsResponse>;
  return Number.isInteger(status) && !!headers && typeof headers === 'object' && typeof body === 'string';
}

/** A random UUID (version 4); getRandomValues works outside secure contexts too. */
export function randomUuid(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The launch and resource of an endpoint path, or null when it is not one. */
export function parseXapiPath(pathname: string): { launchId: string; resource: string } | null {
  if (!pathname.startsWith(XAPI_ENDPOINT_PATH)) return null;
  const rest = pathname.slice(XAPI_ENDPOINT_PATH.length);
  const slash = rest.indexOf('/');
  const launchId = slash === -1 ? rest : rest.slice(0, slash);
  if (!/^[A-Za-z0-9_-]{16,64}$/.test(launchId)) return null;
  return { launchId, resource: slash === -1 ? '' : rest.slice(slash + 1).replace(/^\/+/, '') };
}
