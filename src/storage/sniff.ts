/**
 * The content type of a file from its first bytes (magic numbers), so an upload's type never
 * comes from the client's header. Needs up to SNIFF_BYTES bytes; text is recognised last.
 */
export const SNIFF_BYTES = 4100;

const starts = (b: Buffer, sig: number[], offset = 0) => b.length >= offset + sig.length && sig.every((v, i) => b[offset + i] === v);
const ascii = (b: Buffer, s: string, offset = 0) => b.length >= offset + s.length && b.toString('latin1', offset, offset + s.length) === s;

export function sniffContentType(head: Buffer): string {
  if (starts(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (starts(head, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (ascii(head, 'GIF87a') || ascii(head, 'GIF89a')) return 'image/gif';
  if (ascii(head, 'RIFF') && ascii(head, 'WEBP', 8)) return 'image/webp';
  if (ascii(head, 'RIFF') && ascii(head, 'WAVE', 8)) return 'audio/wav';
  if (ascii(head, 'RIFF') && ascii(head, 'AVI ', 8)) return 'video/x-msvideo';
  if (starts(head, [0x42, 0x4d]) && head.length > 14) return 'image/bmp';
  if (starts(head, [0x49, 0x49, 0x2a, 0x00]) || starts(head, [0x4d, 0x4d, 0x00, 0x2a])) return 'image/tiff';
  if (starts(head, [0x00, 0x00, 0x01, 0x00])) return 'image/x-icon';
  if (ascii(head, 'ftyp', 4)) {
    const brand = head.toString('latin1', 8, 12);
    if (/^(heic|heix|hevc|heim|heis|mif1|msf1)$/.test(brand)) return brand === 'mif1' || brand === 'msf1' ? 'image/heif' : 'image/heic';
    if (brand === 'avif' || brand === 'avis') return 'image/avif';
    if (brand.startsWith('M4A')) return 'audio/mp4';
    if (brand === 'qt  ') return 'video/quicktime';
    return 'video/mp4';
  }
  if (starts(head, [0x1a, 0x45, 0xdf, 0xa3])) return head.includes('webm') ? 'video/webm' : 'video/x-matroska';
  if (ascii(head, 'OggS')) return 'audio/ogg';
  if (ascii(head, 'fLaC')) return 'audio/flac';
  if (ascii(head, 'ID3') || starts(head, [0xff, 0xfb]) || starts(head, [0xff, 0xf3]) || starts(head, [0xff, 0xf2])) return 'audio/mpeg';
  if (ascii(head, '%PDF-')) return 'application/pdf';
  if (starts(head, [0x50, 0x4b, 0x03, 0x04])) return 'application/zip';
  if (starts(head, [0x1f, 0x8b])) return 'application/gzip';
  if (ascii(head, 'glTF')) return 'model/gltf-binary';
  return sniffText(head);
}

function sniffText(head: Buffer): string {
  if (head.length === 0) return 'application/octet-stream';
  // Text: valid UTF-8 without control bytes other than tab/newline/carriage return/form feed.
  for (const byte of head) {
    if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d && byte !== 0x0c) return 'application/octet-stream';
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(head.length >= SNIFF_BYTES ? trimPartialUtf8(head) : head);
  } catch {
    return 'application/octet-stream';
  }
  const t = text.trimStart();
  if (/^<svg[\s>]/i.test(t) || (/^<\?xml/i.test(t) && /<svg[\s>]/i.test(t))) return 'image/svg+xml';
  if (/^<!doctype html|^<html[\s>]/i.test(t)) return 'text/html';
  if (/^<\?xml/i.test(t)) return 'application/xml';
  if (/^[[{]/.test(t)) {
    try {
      JSON.parse(text);
      return 'application/json';
    } catch {
      /* not JSON (or cut off): plain text */
    }
  }
  return 'text/plain';
}

/** Drops a multi-byte character cut off at the end of the sniffed head. */
function trimPartialUtf8(b: Buffer): Buffer {
  let end = b.length;
  for (let i = 1; i <= 3 && end - i >= 0; i++) {
    const byte = b[end - i]!;
    if ((byte & 0xc0) === 0x80) continue;
    if ((byte & 0xc0) === 0xc0) end -= i;
    break;
  }
  return b.subarray(0, end);
}

/** `image/*` and exact types; an empty list allows everything. */
export function mimeAllowed(allowed: readonly string[], type: string): boolean {
  if (allowed.length === 0) return true;
  return allowed.some((a) => {
    const x = a.trim().toLowerCase();
    return x === type || x === '*/*' || (x.endsWith('/*') && type.startsWith(x.slice(0, -1)));
  });
}
