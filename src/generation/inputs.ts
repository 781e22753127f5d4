import sharp from 'sharp';
import type { Deps } from '../deps';
import { badRequest } from '../infra/http/errors';
import { BlockedAddressError, safeFetch } from '../infra/net/safe-fetch';

const MAX_INPUT_BYTES = 20 * 1024 * 1024;

/**
 * Fetches a user-supplied image_url through the SSRF guard and checks it decodes as an image.
 * Every failure is the caller's (400), and it happens before any money moves.
 */
export async function fetchImageInput(deps: Deps, url: string, field = 'image_url'): Promise<{ data: Buffer; width: number; height: number; format: string }> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw badRequest(`${field} must be an absolute http(s) URL`);
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') throw badRequest(`${field} must be an http(s) URL`);
  let res;
  try {
    res = await safeFetch(parsed.toString(), { timeoutMs: 20_000, maxBytes: MAX_INPUT_BYTES, maxRedirects: 3 }, { allowPrivateNetwork: deps.config.allowPrivateNetwork });
  } catch (err) {
    if (err instanceof BlockedAddressError) throw badRequest(`${field} points to a private, loopback or link-local address, which is not allowed`);
    throw badRequest(`${field} could not be fetched: ${(err as Error).message}`);
  }
  if (res.status < 200 || res.status >= 300) throw badRequest(`${field} answered HTTP ${res.status}`);
  try {
    const meta = await sharp(res.body).metadata();
    if (!meta.width || !meta.height || !meta.format) throw new Error('no dimensions');
    return { data: res.body, width: meta.width, height: meta.height, format: meta.format };
  } catch {
    throw badRequest(`${field} is not a decodable image`);
  }
}
