// The addresses Ardoise refuses to call a CAS server at: a school's CAS URL is typed by an admin,
// and the server fetches it, so it must not reach the machine itself, the local network or a cloud
// metadata service (SSRF). Checked when the school is saved (a clear message) and again when each
// connection is made (a name may resolve elsewhere by then: DNS rebinding). A CAS server on a
// school's own network needs CAS_ALLOW_PRIVATE_ADDRESSES=true.
import dns from 'node:dns';
import net from 'node:net';

const PRIVATE = new net.BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT (and Alibaba Cloud's metadata at 100.100.100.200)
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, cloud metadata at 169.254.169.254
  ['172.16.0.0', 12],
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  PRIVATE.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['64:ff9b:1::', 48], // local-use NAT64
  ['fc00::', 7], // unique local (AWS's metadata at fd00:ec2::254)
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
] as const) {
  PRIVATE.addSubnet(network, prefix, 'ipv6');
}

/** Whether an address is loopback, link-local, private, metadata or otherwise not a public host. */
export function isPrivateAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 0) return true;
  // An IPv4 address written as IPv6 (::ffff:127.0.0.1) is that IPv4 address.
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return isPrivateAddress(mapped[1]!);
  return PRIVATE.check(address, family === 6 ? 'ipv6' : 'ipv4');
}

const hostOf = (url: URL): string => url.hostname.replace(/^\[(.*)\]$/, '$1');

export class PrivateAddressError extends Error {}

/** The addresses a URL's host stands for: itself when it is one, else what it resolves to now. */
async function addressesOf(url: URL): Promise<string[]> {
  const host = hostOf(url);
  if (net.isIP(host)) return [host];
  return (await dns.promises.lookup(host, { all: true })).map((entry) => entry.address);
}

/** The private address a CAS URL resolves to, or null (also when its name does not resolve now:
 * the check at each connection still applies). */
export async function privateAddressOf(casUrl: string): Promise<string | null> {
  let addresses: string[];
  try {
    addresses = await addressesOf(new URL(casUrl));
  } catch {
    return null;
  }
  return addresses.find(isPrivateAddress) ?? null;
}

/** A `lookup` for http(s).request that fails when the name resolves to a private address: the
 * address checked is the one connected to. */
export const publicOnlyLookup: net.LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, '', 0);
    const refused = addresses.find((entry) => isPrivateAddress(entry.address));
    if (refused) {
      return callback(
        new PrivateAddressError(`${hostname} resolves to a private address (${refused.address})`),
        '',
        0,
      );
    }
    if (options.all)
      return (callback as unknown as (e: null, all: dns.LookupAddress[]) => void)(null, addresses);
    const [first] = addresses;
    if (!first) return callback(new Error(`${hostname} has no address`), '', 0);
    callback(null, first.address, first.family);
  });
};

/** Refuses a URL whose host is itself a private address (a connection to an address literal does
 * not go through `lookup`). */
export function assertPublicLiteral(url: URL): void {
  const host = hostOf(url);
  if (net.isIP(host) && isPrivateAddress(host)) {
    throw new PrivateAddressError(`${host} is a private address`);
  }
}
