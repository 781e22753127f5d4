// Database connections follow the SSRF rules of user URLs: the host is resolved once,
// every address is checked, and the driver connects to the checked address (no second lookup that
// could be rebound to a private one).
import { lookup } from 'node:dns/promises';
import net from 'node:net';
import { BlockedAddressError, isBlockedAddress } from '../../infra/net/safe-fetch';

export async function checkedAddress(host: string, opts: { allowPrivateNetwork: boolean }): Promise<string> {
  const bare = host.replace(/^\[|\]$/g, '');
  const addresses = net.isIP(bare) ? [bare] : (await lookup(bare, { all: true })).map((a) => a.address);
  if (addresses.length === 0) throw new BlockedAddressError(host, 'unresolved');
  if (!opts.allowPrivateNetwork) {
    const bad = addresses.find(isBlockedAddress);
    if (bad) throw new BlockedAddressError(host, bad);
  }
  return addresses[0]!;
}
