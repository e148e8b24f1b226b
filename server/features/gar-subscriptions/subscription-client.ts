// Calls the GAR's publisher web service over HTTPS with the publisher's client certificate.
import fs from 'node:fs';
import https from 'node:https';
import tls from 'node:tls';
import { XMLParser } from 'fast-xml-parser';
import type { GarSubscriptionsConfig } from '../../config.js';

export type SendOutcome =
  | { kind: 'accepted'; status: number }
  /** The GAR answered no: its message, as it wrote it. */
  | { kind: 'refused'; status: number; message: string }
  /** No answer worth keeping (network, timeout, the GAR's own failure): try again later. */
  | { kind: 'failed'; message: string };

const MAX_MESSAGE_LENGTH = 500;

export type SubscriptionClient = {
  send(method: 'PUT' | 'POST' | 'DELETE', subscriptionId: string, xml?: string): Promise<SendOutcome>;
};

export function createSubscriptionClient(config: GarSubscriptionsConfig): SubscriptionClient {
  // Read once: the files were checked at start.
  const agent = new https.Agent({
    cert: fs.readFileSync(config.clientCertFile),
    key: fs.readFileSync(config.clientKeyFile),
    // Node's own roots stay beside an extra CA (giving `ca` alone would replace them).
    ...(config.caFile ? { ca: [...tls.rootCertificates, fs.readFileSync(config.caFile, 'utf8')] } : {}),
    keepAlive: true,
    maxSockets: 4,
  });
  return {
    send(method, subscriptionId, xml) {
      const url = new URL(encodeURIComponent(subscriptionId), config.url);
      return new Promise((resolve) => {
        const request = https.request(
          url,
          {
            method,
            agent,
            headers: xml
              ? { 'content-type': 'application/xml; charset=utf-8', accept: 'application/xml' }
              : {},
            signal: AbortSignal.timeout(config.timeoutMs),
          },
          (response) => {
            const chunks: Buffer[] = [];
            response.on('data', (chunk: Buffer) => {
              if (chunks.reduce((n, c) => n + c.length, 0) < 64 * 1024) chunks.push(chunk);
            });
            response.on('error', (error) => resolve({ kind: 'failed', message: describe(error) }));
            response.on('end', () => {
              const status = response.statusCode ?? 0;
              const body = Buffer.concat(chunks).toString('utf8');
              if (status >= 200 && status < 300) resolve({ kind: 'accepted', status });
              else if (status >= 400 && status < 500)
                resolve({ kind: 'refused', status, message: answerMessage(body, status) });
              else resolve({ kind: 'failed', message: answerMessage(body, status) });
            });
          },
        );
        request.on('error', (error) => resolve({ kind: 'failed', message: describe(error) }));
        request.end(xml);
      });
    },
  };
}

function describe(error: Error): string {
  if (error.name === 'TimeoutError' || error.name === 'AbortError')
    return 'Pas de réponse du GAR dans le délai';
  return `Le GAR n’a pas pu être joint (${(error as NodeJS.ErrnoException).code ?? error.message})`;
}

const parser = new XMLParser({ ignoreAttributes: true, removeNSPrefix: true, parseTagValue: false });

/** The message of the GAR's answer: its <message> element when the body is XML, else the text. */
function answerMessage(body: string, status: number): string {
  let text = body.trim();
  try {
    const found = findMessage(parser.parse(body));
    if (found) text = found;
  } catch {
    // Not XML: keep the text.
  }
  text = text.replace(/\s+/g, ' ').trim();
  return (text || `HTTP ${status}`).slice(0, MAX_MESSAGE_LENGTH);
}

function findMessage(value: unknown): string | undefined {
  if (!value || typeof value !== 'object') return undefined;
  for (const [key, child] of Object.entries(value)) {
    if (key.toLowerCase() === 'message' && (typeof child === 'string' || typeof child === 'number'))
      return String(child);
    const nested = findMessage(child);
    if (nested) return nested;
  }
  return undefined;
}
