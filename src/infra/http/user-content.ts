// Bytes a user (or a model on a user's behalf) produced, served from the API's own origin: signed
// file URLs, public bucket files. A page served from here could read what the origin's pages keep
// (the run viewer's stored key and session), so such bytes must never run as a document of ours.
import type { Response } from 'express';

/**
 * Types a browser only displays when opened directly: images other than SVG, audio, video, plain
 * text, JSON and opaque downloads. Everything else — HTML, SVG, XML, scripts, styles, types we do
 * not know — is sent as an attachment. PDF too: it can carry script, and a browser's PDF viewer
 * refuses to open inside the sandbox every user file gets, so it downloads rather than breaks.
 */
const PASSIVE_TYPES = new Set([
  'image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/avif', 'image/bmp', 'image/tiff', 'image/x-icon', 'image/heic', 'image/heif',
  'text/plain', 'text/vtt', 'application/x-subrip', 'application/json',
  'application/octet-stream', 'application/zip', 'application/gzip', 'model/gltf-binary', 'model/gltf+json',
]);

const baseType = (contentType: string) => contentType.split(';')[0]!.trim().toLowerCase();

/** True when a browser could run the type as a page or script: it is downloaded, never shown. */
export function isActiveContentType(contentType: string): boolean {
  const type = baseType(contentType);
  if (PASSIVE_TYPES.has(type)) return false;
  return !/^(audio|video)\/[a-z0-9.+-]+$/.test(type);
}

/** `attachment` with an ASCII fallback name and the exact UTF-8 name (RFC 6266). */
export function attachmentDisposition(filename: string | undefined): string {
  if (!filename) return 'attachment';
  const ascii = filename.replace(/[^\x20-\x7e]|["\\]/g, '_');
  const encoded = encodeURIComponent(filename).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/**
 * Headers for a response carrying user bytes: the stored type, never sniffed (`nosniff`); a CSP
 * sandbox, so even a document the browser renders runs no script with our origin and reaches no
 * storage of it; and `attachment` for active types, so the browser saves rather than renders them.
 */
export function setUserContentHeaders(res: Response, contentType: string, filename?: string): void {
  res.setHeader('Content-Type', contentType);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Content-Security-Policy', 'sandbox');
  if (isActiveContentType(contentType)) res.setHeader('Content-Disposition', attachmentDisposition(filename));
}
