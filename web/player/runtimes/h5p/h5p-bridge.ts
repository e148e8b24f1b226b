// The contract between the H5P runtime page (/player/h5p/ on the activity's origin) and the page
// framing it: the teacher area's player page, or the admin's preview page. Like SCORM content finding
// `API` on its parent, the H5P page finds this object on `window.parent` (same origin) under
// H5P_BRIDGE_KEY; without it (opened alone) the content plays and nothing is kept.
//
// The H5P page's URL: /player/h5p/?base=<the package folder as served, e.g.
// /local-activity/{hash}/{root} or /content/{activityId}/>, ending with '/'; h5p.json, content/ and
// the libraries are read from there.

import type { XapiStatement } from '@/common/schemas/xapi.js';

export const H5P_BRIDGE_KEY = 'ardoiseH5P';

export type H5PResult = {
  /** Points scored and the most that could be scored. */
  raw: number;
  max: number;
  /** The content said it was completed (xAPI `completed`, or `answered` on the main content). */
  completed: boolean;
  success?: boolean;
};

export type H5PBridge = {
  /** The content's saved state from an earlier launch (H5P `previousState`), or null. */
  previousState: string | null;
  /** Keeps the content's current state (called each time H5P saves it). */
  saveState(state: string): void;
  /** Keeps a result reported by the content's xAPI statements (with the statement, when kept). */
  reportResult(result: H5PResult, statement?: XapiStatement): void;
  /** Keeps an xAPI `completed` / `answered` statement that carries no result of the whole content
   * (a question inside it). Absent on the preview's bridge. */
  reportStatement?(statement: XapiStatement): void;
};
