import { BlockList, isIP } from 'node:net';

/** A single IPv4/IPv6 address or a CIDR block (`10.0.0.0/8`, `2001:db8::/32`). */
export function isValidIpOrCidr(entry: string): boolean {
  const [address, bits, ...rest] = entry.trim().split('/');
  if (rest.length > 0 || !address) return false;
  const family = isIP(address);
  if (family === 0) return false;
  if (bits === undefined) return true;
  if (!/^\d{1,3}$/.test(bits)) return false;
  return Number(bits) <= (family === 4 ? 32 : 128);
}

/** `::ffff:1.2.3.4` (how a dual-stack socket reports IPv4 peers) is the IPv4 address it wraps. */
export function normalizeIp(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  return mapped?.[1] ?? ip;
}

/**
 * Compiles an allowlist once; `allows(ip)` then answers in a few comparisons. IPv4 entries also
 * match IPv4-mapped IPv6 peers and vice versa, because the address is normalised first.
 */
export function compileAllowlist(entries: readonly string[]): (ip: string | undefined) => boolean {
  const list = new BlockList();
  for (const entry of entries) {
    const [rawAddress, bits] = entry.trim().split('/');
    if (!rawAddress || !isValidIpOrCidr(entry)) continue;
    const address = normalizeIp(rawAddress);
    const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(bits), family);
  }
  return (ip) => {
    if (!ip) return false;
    const address = normalizeIp(ip);
    const family = isIP(address);
    if (family === 0) return false;
    return list.check(address, family === 6 ? 'ipv6' : 'ipv4');
  };
}

const cache = new Map<string, (ip: string | undefined) => boolean>();

/** Whether `ip` is inside `entries`; compiled lists are cached by their content. */
export function ipAllowed(entries: readonly string[], ip: string | undefined): boolean {
  const cacheKey = entries.join(',');
  let check = cache.get(cacheKey);
  if (!check) {
    if (cache.size > 1000) cache.clear();
    check = compileAllowlist(entries);
    cache.set(cacheKey, check);
  }
  return check(ip);
}
