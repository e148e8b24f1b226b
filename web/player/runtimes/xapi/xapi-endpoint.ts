// The xAPI endpoint of a launch on the activity's origin: /local-activity/xapi/{launchId}/{resource}.
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

/** The launch and resource of an endpoint path, or null when it is not one. */
export function parseXapiPath(pathname: string): { launchId: string; resource: string } | null {
  if (!pathname.startsWith(XAPI_ENDPOINT_PATH)) return null;
  const rest = pathname.slice(XAPI_ENDPOINT_PATH.length);
  const slash = rest.indexOf('/');
  const launchId = slash === -1 ? rest : rest.slice(0, slash);
  if (!/^[A-Za-z0-9_-]{16,64}$/.test(launchId)) return null;
  return { launchId, resource: slash === -1 ? '' : rest.slice(slash + 1).replace(/^\/+/, '') };
}
