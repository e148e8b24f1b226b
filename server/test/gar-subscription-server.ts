// A stand-in for the GAR's publisher web service ("webservice abonnement"), which cannot be reached
// from here: HTTPS on loopback that requires a client certificate from its CA, and checks each
// field of the subscription XML as the GAR documents it (element order, namespace, formats, the
// uaiEtab of a creation and not of an update). Its answer can be switched to a refusal or to no
// answer at all.
import fs from 'node:fs/promises';
import https from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { TLSSocket } from 'node:tls';
import { XMLParser } from 'fast-xml-parser';
import { isValidUai } from '../../common/uai.js';
import { createCertificate, type KeyPair } from '../features/ent/certificates.js';

const NAMESPACE = 'http://www.atosworldline.com/wsabonnement/v1.0/';
/** The elements of <abonnement>, in the schema's order (?: optional, +: one or more). */
const ELEMENTS = [
  'idAbonnement',
  'commentaireAbonnement?',
  'idDistributeurCom?',
  'idRessource',
  'typeIdRessource',
  'libelleRessource',
  'debutValidite',
  'finValidite?',
  'anneeFinValidite?',
  'uaiEtab?',
  'categorieAffectation',
  'typeAffectation',
  'nbLicenceGlobale?',
  'nbLicenceEnseignant?',
  'nbLicenceEleve?',
  'nbLicenceProfDoc?',
  'nbLicenceAutrePersonnel?',
  'publicCible+',
  'codeProjetRessource?',
];
const PUBLIC_CIBLE = ['ELEVE', 'ENSEIGNANT', 'DOCUMENTALISTE', 'AUTRE PERSONNEL'];
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?(Z|[+-]\d{2}:\d{2})?$/;

export type ReceivedCall = {
  method: string;
  subscriptionId: string;
  contentType: string | undefined;
  /** The client certificate's subject CN. */
  client: string;
  fields: Record<string, string | string[]>;
  /** What did not follow the GAR's rules (empty: all did). */
  problems: string[];
};

export type GarSubscriptionServer = {
  url: string;
  /** PEM files: the publisher's client pair, and the CA that signed the server's certificate. */
  files: { clientCert: string; clientKey: string; ca: string };
  calls: ReceivedCall[];
  /** How the next calls are answered. */
  answer(mode: 'accept' | { refuse: string } | 'hang'): void;
  /** From now on, each call is carried out at once but its answer waits; the returned function
   * sends the answers held so far and goes back to answering at once. */
  holdAnswers(): () => void;
  /** Subscriptions it holds (created, not deleted), by id. */
  held: Map<string, Record<string, string | string[]>>;
  close(): Promise<void>;
};

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  parseTagValue: false,
});

type Ordered = Array<Record<string, unknown>>;

/** Checks a body against the GAR's rules; returns its fields and what is wrong. */
export function checkSubscriptionXml(
  xml: string,
  expect: { method: string; subscriptionId: string; resourceId: string },
): { fields: Record<string, string | string[]>; problems: string[] } {
  const problems: string[] = [];
  let document: Ordered;
  try {
    document = parser.parse(xml) as Ordered;
  } catch (error) {
    return { fields: {}, problems: [`not XML: ${(error as Error).message}`] };
  }
  const root = document.find((node) => 'abonnement' in node);
  if (!root) return { fields: {}, problems: ['no <abonnement> root'] };
  if ((root[':@'] as Record<string, string> | undefined)?.['@xmlns'] !== NAMESPACE)
    problems.push('wrong namespace');
  const children = root.abonnement as Ordered;
  const names: string[] = [];
  const fields: Record<string, string | string[]> = {};
  for (const child of children) {
    const name = Object.keys(child).find((key) => key !== ':@')!;
    const text = ((child[name] as Ordered)[0]?.['#text'] as string | undefined) ?? '';
    names.push(name);
    if (name === 'publicCible') fields.publicCible = [...((fields.publicCible as string[]) ?? []), text];
    else if (name in fields) problems.push(`${name} twice`);
    else fields[name] = text;
  }
  // Order and presence, against the schema's sequence.
  let at = 0;
  for (const spec of ELEMENTS) {
    const name = spec.replace(/[?+]$/, '');
    const required = !spec.endsWith('?');
    let seen = 0;
    while (names[at] === name) {
      at += 1;
      seen += 1;
    }
    if (required && seen === 0) problems.push(`${name} missing or out of order`);
    if (!spec.endsWith('+') && seen > 1) problems.push(`${name} repeated`);
  }
  if (at < names.length) problems.push(`unexpected or misplaced element ${names[at]}`);

  const text = (name: string) => (typeof fields[name] === 'string' ? (fields[name] as string) : '');
  if (text('idAbonnement') !== expect.subscriptionId) problems.push('idAbonnement differs from the URL');
  if (!/^[\w.-]{1,255}$/.test(text('idAbonnement'))) problems.push('idAbonnement: bad characters');
  if (text('idRessource') !== expect.resourceId) problems.push('idRessource is not the resource');
  if (text('typeIdRessource').toLowerCase() !== 'ark') problems.push('typeIdRessource is not ark');
  if (!text('libelleRessource') || text('libelleRessource').length > 255) problems.push('libelleRessource');
  for (const name of ['debutValidite', 'finValidite']) {
    if (fields[name] !== undefined && !DATE_TIME.test(text(name))) problems.push(`${name}: not a date-time`);
  }
  if (text('finValidite') && text('finValidite') <= text('debutValidite'))
    problems.push('finValidite before debutValidite');
  if (expect.method === 'PUT' && !isValidUai(text('uaiEtab')))
    problems.push('uaiEtab missing or invalid on a creation');
  if (expect.method === 'POST' && fields.uaiEtab !== undefined) problems.push('uaiEtab on an update');
  if (!['transferable', 'non transferable'].includes(text('categorieAffectation')))
    problems.push('categorieAffectation');
  if (!['ETABL', 'INDIV'].includes(text('typeAffectation'))) problems.push('typeAffectation');
  const counts = ['nbLicenceEnseignant', 'nbLicenceEleve', 'nbLicenceProfDoc', 'nbLicenceAutrePersonnel'];
  if (fields.nbLicenceGlobale !== undefined) {
    if (!/^(ILLIMITE|[1-9]\d*)$/.test(text('nbLicenceGlobale'))) problems.push('nbLicenceGlobale');
    if (counts.some((name) => fields[name] !== undefined))
      problems.push('nbLicenceGlobale with per-profile counts');
  } else if (!counts.some((name) => fields[name] !== undefined)) {
    problems.push('no licence count');
  }
  const publics = (fields.publicCible as string[] | undefined) ?? [];
  if (
    publics.length === 0 ||
    publics.some((p) => !PUBLIC_CIBLE.includes(p)) ||
    new Set(publics).size !== publics.length
  ) {
    problems.push('publicCible');
  }
  return { fields, problems };
}

export async function startGarSubscriptionServer(resourceId: string): Promise<GarSubscriptionServer> {
  const ca = createCertificate({ commonName: 'Test GAR CA', days: 2, ca: true });
  const server: KeyPair = createCertificate({
    commonName: '127.0.0.1',
    days: 2,
    issuer: ca,
    hosts: ['127.0.0.1'],
    usage: 'server',
  });
  const client = createCertificate({ commonName: 'editeur-ardoise', days: 2, issuer: ca, usage: 'client' });
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ardoise-gar-'));
  const files = {
    clientCert: path.join(dir, 'client-cert.pem'),
    clientKey: path.join(dir, 'client-key.pem'),
    ca: path.join(dir, 'ca.pem'),
  };
  await fs.writeFile(files.clientCert, client.certPem);
  await fs.writeFile(files.clientKey, client.keyPem);
  await fs.writeFile(files.ca, ca.certPem);

  const calls: ReceivedCall[] = [];
  const held = new Map<string, Record<string, string | string[]>>();
  let mode: 'accept' | { refuse: string } | 'hang' = 'accept';
  let heldAnswers: Array<() => void> | null = null;
  const sockets = new Set<Socket>();

  const https_ = https.createServer(
    {
      key: server.keyPem,
      cert: server.certPem,
      ca: [ca.certPem],
      requestCert: true,
      rejectUnauthorized: true,
    },
    (request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const subscriptionId = decodeURIComponent((request.url ?? '/').slice(1));
        const body = Buffer.concat(chunks).toString('utf8');
        const peer = (request.socket as TLSSocket).getPeerCertificate();
        const method = request.method ?? '';
        const checked =
          method === 'DELETE'
            ? { fields: {}, problems: body ? ['a body on a deletion'] : [] }
            : checkSubscriptionXml(body, { method, subscriptionId, resourceId });
        if (method !== 'DELETE' && !/^application\/xml\b/.test(request.headers['content-type'] ?? '')) {
          checked.problems.push('content-type is not application/xml');
        }
        calls.push({
          method,
          subscriptionId,
          contentType: request.headers['content-type'],
          client: String(peer.subject?.CN ?? ''),
          ...checked,
        });
        if (mode === 'hang') return;
        const reply = (status: number, message?: string) => {
          const send = () =>
            message === undefined
              ? response.writeHead(status).end()
              : response
                  .writeHead(status, { 'content-type': 'application/xml' })
                  .end(
                    `<?xml version="1.0"?><erreur><code>${status}</code><message>${message}</message></erreur>`,
                  );
          if (heldAnswers) heldAnswers.push(send);
          else send();
        };
        if (typeof mode === 'object') return reply(400, mode.refuse);
        if (checked.problems.length > 0) return reply(400, checked.problems.join('; '));
        if (method === 'PUT') {
          if (held.has(subscriptionId)) return reply(409, `L'abonnement ${subscriptionId} existe deja`);
          held.set(subscriptionId, checked.fields);
          return reply(201);
        }
        if (!held.has(subscriptionId)) return reply(404, `Abonnement ${subscriptionId} inconnu`);
        if (method === 'POST') held.set(subscriptionId, { ...held.get(subscriptionId), ...checked.fields });
        else held.delete(subscriptionId);
        reply(200);
      });
    },
  );
  https_.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  https_.on('secureConnection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => https_.listen(0, '127.0.0.1', resolve));
  const { port } = https_.address() as AddressInfo;

  return {
    url: `https://127.0.0.1:${port}/`,
    files,
    calls,
    held,
    answer(next) {
      mode = next;
    },
    holdAnswers() {
      const answers: Array<() => void> = [];
      heldAnswers = answers;
      return () => {
        heldAnswers = null;
        for (const send of answers) send();
      };
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => https_.close(resolve));
      await fs.rm(dir, { recursive: true, force: true });
    },
  };
}
