// OpenAI's audio uploads (`POST /v1/ai/audio/transcriptions`) are multipart forms. This middleware
// reads one into `req.body` before the access chain, so that route() validates the fields like any
// JSON body (one 422 list) and the idempotency key's request hash covers the file: the body holds
// the file's name, size and sha256, and the bytes are kept beside the request (`uploadedAudio`).
import { createHash } from 'node:crypto';
import busboy from 'busboy';
import type { Request, RequestHandler } from 'express';
import { detail } from '../infra/http/errors';

/** OpenAI's limit for one audio file. */
export const MAX_AUDIO_BYTES = 25 * 1024 * 1024;

const files = new WeakMap<Request, { data: Buffer; filename: string }>();

/** The uploaded file of a request parsed by `multipartAudio`. */
export const uploadedAudio = (req: Request) => files.get(req);

/** Parses a multipart body into `req.body` (fields as strings; `file` as {filename, bytes, sha256}). */
export function multipartAudio(): RequestHandler {
  return (req, res, next) => {
    if (req.method !== 'POST' || !/^multipart\/form-data/i.test(req.headers['content-type'] ?? '')) return next();
    let bb: busboy.Busboy;
    try {
      bb = busboy({ headers: req.headers, limits: { files: 1, fields: 20, fieldSize: 8192, parts: 30, fileSize: MAX_AUDIO_BYTES } });
    } catch {
      return next(detail(400, 'Malformed multipart body.'));
    }
    const body: Record<string, unknown> = {};
    let failed = false;
    const fail = (err: unknown) => {
      if (failed) return;
      failed = true;
      req.unpipe(bb);
      res.setHeader('Connection', 'close');
      next(err);
    };
    bb.on('field', (name, value) => {
      // `timestamp_granularities[]` and other repeated fields arrive as arrays.
      const key = name.endsWith('[]') ? name.slice(0, -2) : name;
      if (name.endsWith('[]')) body[key] = [...((body[key] as string[] | undefined) ?? []), value];
      else body[key] = value;
    });
    bb.on('file', (field, stream, info) => {
      if (field !== 'file' || files.has(req)) {
        stream.resume();
        return;
      }
      const chunks: Buffer[] = [];
      const hash = createHash('sha256');
      stream.on('data', (c: Buffer) => {
        chunks.push(c);
        hash.update(c);
      });
      stream.on('limit', () => fail(detail(413, `The audio file is larger than ${MAX_AUDIO_BYTES / 1024 / 1024} MB.`)));
      stream.on('end', () => {
        if (failed) return;
        const data = Buffer.concat(chunks);
        files.set(req, { data, filename: info.filename || 'audio' });
        body.file = { filename: info.filename || 'audio', bytes: data.length, sha256: hash.digest('hex') };
      });
    });
    bb.on('error', () => fail(detail(400, 'Malformed multipart body.')));
    bb.on('close', () => {
      if (failed) return;
      req.body = body;
      next();
    });
    req.on('aborted', () => fail(detail(400, 'Upload aborted by the client.')));
    req.pipe(bb);
  };
}
