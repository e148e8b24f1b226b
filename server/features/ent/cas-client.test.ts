// The CAS client against a local HTTP server standing in for a hostile or misconfigured CAS
// server: an answer far over its limit, and addresses Ardoise must not call.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPrivateAddress } from './cas-address.js';
import { MAX_ANSWER_BYTES, validateServiceTicket } from './cas-client.js';

const ANSWER_BYTES = 50 * 1024 * 1024;
const CHUNK = Buffer.alloc(64 * 1024, 'a');

let server: http.Server;
let port: number;
let connections = 0;
/** Bytes of the last answer handed to the socket, once the answer's connection closed. */
let lastAnswer: Promise<number>;

beforeAll(async () => {
  server = http.createServer((request, response) => {
    if (request.url?.includes('padded')) {
      // Under the byte limit, but 25,000 elements: refused before any parser builds them.
      const padding = '<cas:x/>'.repeat(25_000);
      return void response.end(
        `<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas"><cas:authenticationSuccess><cas:user>u</cas:user>${padding}</cas:authenticationSuccess></cas:serviceResponse>`,
      );
    }
    const declared = request.url?.includes('declared');
    response.writeHead(200, {
      'content-type': 'text/xml',
      ...(declared ? { 'content-length': String(ANSWER_BYTES) } : {}),
    });
    let sent = 0;
    lastAnswer = new Promise((resolve) => response.on('close', () => resolve(sent)));
    // An endless stream of bytes, written as fast as the reader takes them.
    const pump = () => {
      while (sent < ANSWER_BYTES && !response.destroyed) {
        sent += CHUNK.length;
        if (!response.write(CHUNK)) return void response.once('drain', pump);
      }
      response.end();
    };
    pump();
  });
  server.on('connection', () => connections++);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('the CAS answer', () => {
  it('is read as it arrives, and the connection cut once it passes its limit', async () => {
    const result = await validateServiceTicket(`http://127.0.0.1:${port}/cas`, 'https://a.test/cb', 'ST-1', {
      allowPrivate: true,
    });
    expect(result).toEqual({ ok: false, error: 'CAS answer too large' });
    // The server could hand over its socket buffers' worth, not the 50 MB it had to send.
    expect(await lastAnswer).toBeLessThan(MAX_ANSWER_BYTES + 16 * 1024 * 1024);
  });

  it('is refused from its declared length alone', async () => {
    const result = await validateServiceTicket(
      `http://127.0.0.1:${port}/declared`,
      'https://a.test/cb',
      'ST-1',
      { allowPrivate: true },
    );
    expect(result).toEqual({ ok: false, error: 'CAS answer too large' });
  });

  it('is refused, under its byte limit, when it holds more elements than a CAS answer ever does', async () => {
    const result = await validateServiceTicket(
      `http://127.0.0.1:${port}/padded`,
      'https://a.test/cb',
      'ST-1',
      {
        allowPrivate: true,
      },
    );
    expect(result).toEqual({ ok: false, error: expect.stringMatching(/^CAS answer refused: .*elements/) });
  });
});

describe('the addresses a CAS server may be at', () => {
  it.each([
    '127.0.0.1',
    '10.1.2.3',
    '172.20.0.1',
    '192.168.1.10',
    '169.254.169.254',
    '100.100.100.200',
    '0.0.0.0',
    '::1',
    '::',
    'fe80::1',
    'fd00:ec2::254',
    '::ffff:10.0.0.1',
    '::ffff:169.254.169.254',
  ])('%s is private', (address) => {
    expect(isPrivateAddress(address)).toBe(true);
  });

  it.each(['193.51.24.1', '8.8.8.8', '2001:4860:4860::8888', '::ffff:193.51.24.1'])(
    '%s is public',
    (address) => {
      expect(isPrivateAddress(address)).toBe(false);
    },
  );

  it('calls no loopback or private address unless allowed, whether written as an address or a name', async () => {
    const before = connections;
    for (const host of ['127.0.0.1', 'localhost', '[::1]', '[::ffff:127.0.0.1]', '[::ffff:7f00:1]']) {
      const result = await validateServiceTicket(`http://${host}:${port}/cas`, 'https://a.test/cb', 'ST-1', {
        allowPrivate: false,
      });
      expect(result, host).toMatchObject({ ok: false, error: expect.stringMatching(/private address/) });
    }
    expect(connections).toBe(before);
  });
});
