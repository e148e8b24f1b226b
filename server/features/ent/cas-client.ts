// Checks a CAS service ticket with the school's CAS server (CAS 3.0 p3/serviceValidate): the server
// says whose ticket it is, for which service, with the user's attributes.
import { XMLParser } from 'fast-xml-parser';

const VALIDATE_TIMEOUT_MS = 10_000;
const MAX_ANSWER_BYTES = 256 * 1024;

export type CasValidation =
  | { ok: true; user: string; attributes: Record<string, unknown> }
  | { ok: false; error: string };

const parser = new XMLParser({
  ignoreAttributes: true,
  removeNSPrefix: true,
  parseTagValue: false,
  trimValues: true,
});

export async function validateServiceTicket(
  casUrl: string,
  service: string,
  ticket: string,
): Promise<CasValidation> {
  const url = new URL(`${casUrl}/p3/serviceValidate`);
  url.searchParams.set('service', service);
  url.searchParams.set('ticket', ticket);
  let text: string;
  try {
    const response = await fetch(url, {
      signal: AbortSignal.timeout(VALIDATE_TIMEOUT_MS),
      redirect: 'error',
    });
    if (!response.ok) return { ok: false, error: `CAS answered ${response.status}` };
    text = await response.text();
    if (text.length > MAX_ANSWER_BYTES) return { ok: false, error: 'CAS answer too large' };
  } catch (error) {
    return { ok: false, error: `CAS unreachable: ${(error as Error).message}` };
  }
  let answer: { serviceResponse?: Record<string, unknown> };
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
