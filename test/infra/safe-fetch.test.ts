import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BlockedAddressError, isBlockedAddress, parsePrivateTarget, safeFetch, setPrivateNetworkExceptions } from '../../src/infra/net/safe-fetch';

let server: Server;
let port: number;
beforeAll(async () => {
  server = createServer((req, res) => res.end(JSON.stringify({ path: req.url })));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe('SSRF guard', () => {
  it.each([
    '127.0.0.1', '10.1.2.3', '172.16.0.1', '172.31.255.255', '192.168.1.1', '169.254.169.254', '0.0.0.0', '100.64.0.1',
    '::1', '::', 'fe80::1', 'fc00::1', 'fd12:3456::1', '::ffff:127.0.0.1', '::ffff:7f00:1', '::ffff:10.0.0.1', 'not-an-ip',
  ])('blocks %s', (address) => {
    expect(isBlockedAddress(address)).toBe(true);
  });

  it.each(['8.8.8.8', '1.1.1.1', '172.32.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'])('allows %s', (address) => {
    expect(isBlockedAddress(address)).toBe(false);
  });

  it('refuses loopback targets by IP and by name, before connecting', async () => {
    await expect(safeFetch(`http://127.0.0.1:${port}/x`, {}, { allowPrivateNetwork: false })).rejects.toBeInstanceOf(BlockedAddressError);
    await expect(safeFetch(`http://localhost:${port}/x`, {}, { allowPrivateNetwork: false })).rejects.toBeInstanceOf(BlockedAddressError);
    await expect(safeFetch(`http://[::1]:${port}/x`, {}, { allowPrivateNetwork: false })).rejects.toBeInstanceOf(BlockedAddressError);
  });

  it('reaches loopback when the deployment opts in', async () => {
    const res = await safeFetch(`http://localhost:${port}/hello`, {}, { allowPrivateNetwork: true });
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body.toString())).toEqual({ path: '/hello' });
  });

  it('rejects non-HTTP schemes', async () => {
    await expect(safeFetch('file:///etc/passwd', {}, { allowPrivateNetwork: true })).rejects.toThrow(/scheme/);
  });

  it('an address:port exception reaches that one service, and a redirect from it to another port is refused', async () => {
    expect(parsePrivateTarget('10.0.0.5:11434')).toBe('10.0.0.5:11434');
    expect(parsePrivateTarget('[0:0:0:0:0:0:0:1]:8080')).toBe('[::1]:8080');
    for (const bad of ['localhost:80', '10.0.0.5', '10.0.0.5:0', '10.0.0.5:70000', 'http://10.0.0.5:80', '::1:80']) expect(parsePrivateTarget(bad), bad).toBeUndefined();
    const redirector = createServer((req, res) => res.writeHead(302, { location: `http://127.0.0.1:${port}/behind` }).end());
    await new Promise<void>((r) => redirector.listen(0, '127.0.0.1', r));
    const redirectorPort = (redirector.address() as AddressInfo).port;
    setPrivateNetworkExceptions([parsePrivateTarget(`127.0.0.1:${redirectorPort}`)!]);
    try {
      const first = await safeFetch(`http://127.0.0.1:${redirectorPort}/`, {}, { allowPrivateNetwork: false });
      expect(first.status).toBe(302);
      await expect(safeFetch(`http://127.0.0.1:${redirectorPort}/`, { maxRedirects: 3 }, { allowPrivateNetwork: false })).rejects.toBeInstanceOf(BlockedAddressError);
      await expect(safeFetch(`http://127.0.0.1:${port}/x`, {}, { allowPrivateNetwork: false })).rejects.toBeInstanceOf(BlockedAddressError);
    } finally {
      setPrivateNetworkExceptions([]);
      await new Promise<void>((r) => redirector.close(() => r()));
    }
  });
});
