// An S3-protocol server on loopback for the tests (s3rver, objects in a temp folder), run as its own
// process: s3rver signs its list continuation tokens with DES, which Node's OpenSSL 3 offers only
// with --openssl-legacy-provider, and a separate process is also what a test stops to see the store
// go away. Prints {"port":N} once listening; stops on SIGTERM.
import process from 'node:process';
import S3rver from 's3rver';

const [directory, port = '0'] = process.argv.slice(2);
const server = new S3rver({ address: '127.0.0.1', port: Number(port), directory, silent: true });
const { port: listening } = await server.run();
process.stdout.write(`${JSON.stringify({ port: listening })}\n`);
process.on('SIGTERM', () => {
  server.close().finally(() => process.exit(0));
});
