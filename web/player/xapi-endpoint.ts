// The xAPI endpoint of a launch on the content origin: /local-activity/xapi/{launchId}/{resource}.
// The service worker answers it by handing each request to the player page of that launch (which
// runs the launch's LRS, xapi-lrs.ts) over a MessageChannel; this module is what both sides share.
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

/** Where the player page puts the synchronous entry of its LRS for the shim below. */
export const XAPI_SYNC_KEY = 'ardoiseXapi';
export type XapiSyncEntry = {
  answer(url: string, method: string, headers: Record<string, string>, body: string): LrsResponse | null;
};

/** The shim the worker adds to a launch page (one whose query names an endpoint). Chromium does not
 * hand synchronous XHR to service workers, and Rise's scormdriver reads state documents with it:
 * the shim answers synchronous requests to the endpoint from the LRS of the player page on the
 * parent chain (same origin), before the content's scripts run. Asynchronous ones still go through
 * the worker. */
export const XAPI_SYNC_SHIM_PATH = `${XAPI_ENDPOINT_PATH}sync-shim.js`;
export const XAPI_SYNC_SHIM = `(function () {
  var lrs = null;
  try {
    for (var w = window.parent, i = 0; w && i < 10; i++) {
      if (w.${XAPI_SYNC_KEY}) { lrs = w.${XAPI_SYNC_KEY}; break; }
      if (w.parent === w) break;
      w = w.parent;
    }
  } catch (e) { return; }
  if (!lrs || typeof lrs.answer !== 'function') return;
  var proto = XMLHttpRequest.prototype, open = proto.open, send = proto.send, setHeader = proto.setRequestHeader;
  proto.open = function (method, url, async) {
    var target = new URL(String(url), location.href);
    this.__ardoiseXapi = async === false && target.origin === location.origin &&
      target.pathname.indexOf('${XAPI_ENDPOINT_PATH}') === 0 ? { method: String(method), url: target.href, headers: {} } : null;
    return open.apply(this, arguments);
  };
  proto.setRequestHeader = function (name, value) {
    if (this.__ardoiseXapi) this.__ardoiseXapi.headers[String(name).toLowerCase()] = String(value);
    return setHeader.apply(this, arguments);
  };
  proto.send = function (body) {
    var request = this.__ardoiseXapi;
    var answer = request && lrs.answer(request.url, request.method, request.headers, body == null ? '' : String(body));
    if (!answer) return send.apply(this, arguments);
    var headers = answer.headers;
    var fields = { readyState: 4, status: answer.status, statusText: answer.status === 204 ? 'No Content' : 'OK',
      responseText: answer.body, response: answer.body, responseURL: request.url };
    for (var key in fields) Object.defineProperty(this, key, { value: fields[key], configurable: true });
    this.getResponseHeader = function (name) { var v = headers[String(name).toLowerCase()]; return v === undefined ? null : v; };
    this.getAllResponseHeaders = function () {
      return Object.keys(headers).map(function (k) { return k + ': ' + headers[k] + '\\r\\n'; }).join('');
    };
    this.dispatchEvent(new Event('readystatechange'));
    this.dispatchEvent(new ProgressEvent('load'));
    this.dispatchEvent(new ProgressEvent('loadend'));
  };
})();
`;
