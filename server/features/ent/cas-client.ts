// Checks a CAS service ticket with the school's CAS server (CAS 3.0 p3/serviceValidate): the server
// says whose ticket it is, for which service, with the user's attributes. The answer is read as it
// arrives and the connection cut past its size limit; the server is reached at public addresses
// only unless private ones are allowed (cas-address.ts).
import http from 'node:http';
import https from 'node:https';
import { XMLParser } from 'fast-xml-parser';
import { assertPublicLiteral, publicOnlyLookup } from './cas-address.js';
import { checkXmlLimits, type XmlLimits } from './xml-limits.js';

const VALIDATE_TIMEOUT_MS = 10_000;
export const MAX_ANSWER_BYTES = 256 * 1024;

/** What a CAS answer may hold before it is parsed: a user and a few dozen attributes (an ENT's answer
 * is a few hundred elements at most). */
export const CAS_ANSWER_LIMITS: XmlLimits = {
  maxChars: MAX_ANSWER_BYTES,
  maxElements: 2_000,
  maxAttributes: 4_000,
  maxDepth: 16,
};

export type CasValidation =
  | { ok: true; user: string; attributes: Record<string, unknown> }
  | { ok: false; error: string };

const parser = new XMLParser({
  ignoreAttributes: true,
  removeNSPrefix: true,
  parseTagValue: false,
  trimValues: true,
});

/** A refusal of the answer itself (not of the connection). */
class AnswerRefused extends Error {}

/** The answer's body, at most MAX_ANSWER_BYTES of it. */
function readAnswer(url: URL, allowPrivate: boolean): Promise<string> {
  if (!allowPrivate) assertPublicLiteral(url);
  const get = url.protocol === 'https:' ? https.get : http.get;
  return new Promise((resolve, reject) => {
    const request = get(
      url,
      {
        signal: AbortSignal.timeout(VALIDATE_TIMEOUT_MS),
        ...(allowPrivate ? {} : { lookup: publicOnlyLookup }),
      },
      (response) => {
        const refuse = (message: string) => {
          reject(new AnswerRefused(message));
          request.destroy();
        };
        const status = response.statusCode ?? 0;
        if (status < 200 || status > 299) return refuse(`CAS answered ${status}`);
        if (Number(response.headers['content-length']) > MAX_ANSWER_BYTES) {
          return refuse('CAS answer too large');
        }
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_ANSWER_BYTES) return refuse('CAS answer too large');
          chunks.push(chunk);
        });
        response.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
  });
}

export async function validateServiceTicket(
  casUrl: string,
  service: string,
  ticket: string,
  options: { allowPrivate: boolean },
): Promise<CasValidation> {
  const url = new URL(`${casUrl}/p3/serviceValidate`);
  url.searchParams.set('service', service);
  url.searchParams.set('ticket', ticket);
  let text: string;
  try {
    text = await readAnswer(url, options.allowPrivate);
  } catch (error) {
    const message = (error as Error).message;
    return { ok: false, error: error instanceof AnswerRefused ? message : `CAS unreachable: ${message}` };
  }
  let answer: { serviceResponse?: Record<string, unknown> };
  try {
    checkXmlLimits(text, CAS_ANSWER_LIMITS);
  } catch (error) {
    return { ok: false, error: `CAS answer refused: ${(error as Error).message}` };
  }
  try {
    answer = parser.parse(text);
  } catch {
    return { ok: false, error: 'CAS answer is not XML' };
  }
  const success = answer.serviceResponse?.authenticationSuccess as Record<string, unknown> | undefined;
  if (!success) {
    const failure = answer.serviceResponse?.authenticationFailure;
    return { ok: false, error: `CAS refused the ticket: ${String(failure ?? 'no answer').slice(0, 200)}` };
  }
  const user = success.user;
  if (typeof user !== 'string' || !user) return { ok: false, error: 'CAS answer without a user' };
  const attributes = (success.attributes ?? {}) as Record<string, unknown>;
  return { ok: true, user, attributes: typeof attributes === 'object' ? attributes : {} };
}
