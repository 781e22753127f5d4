// Item lists too large to hold in a worker's memory: stored in the blob store as NDJSON (one JSON
// item per line, each line ending in `\n`) and referenced like any stored result, with
// `format: "ndjson"` and `items` added (src/engine/contract/result-ref.ts). A node that streams
// gets such a list's reference as it is (not loaded), reads it line by line through `ctx.items`
// (checked as it goes) and writes its own lists through an ItemWriter, which keeps a short list
// inline and sends a long one to the blob store as it is written. Memory stays bounded by one
// upload part, whatever the list's size.
import { createHash, type Hash } from 'node:crypto';
import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import type { BlobStore } from '../../storage/blob-store';
import type { ItemStreams, ItemWriter, ListRef, StreamedFile } from '../contract/node-capabilities';
import { RESULT_REF_KEY, type ResultRef } from '../contract/result-ref';
import { assertOwnRef, PREVIEW_CHARS, refError, resultKey } from './result-keys';

// What a streaming node's `ctx.items` offers is part of the node's capabilities (pure types).
export type { ItemStreams, ItemWriter, ListRef, StreamedFile };

/**
 * The items of a stored list, one at a time. The account, the size, the line count and the
 * SHA-256 are checked: anything amiss fails with `result_ref_invalid`. A reader that stops early
 * (a node keeping the first items) still hashes the rest before it moves on, so a list that was
 * changed after it was written never passes unnoticed.
 */
export async function* readItems(blobs: BlobStore, accountId: string, ref: ListRef): AsyncGenerator<unknown> {
  const { key, bytes, sha256, items } = ref[RESULT_REF_KEY];
  assertOwnRef(accountId, key);
  const read = await blobs.open(key);
  if (!read) throw refError(`result reference ${key} points to no stored result (deleted or never written)`);
  const mismatch = () => refError(`result reference ${key} does not match its stored bytes (sha256, size or item count differs)`);
  const hash = createHash('sha256');
  const decoder = new StringDecoder('utf8');
  let size = 0;
  let count = 0;
  let rest = '';
  let state: 'reading' | 'read' | 'failed' = 'reading';
  const source = read.body[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const checkRest = async () => {
    for (let next = await source.next(); !next.done; next = await source.next()) {
      hash.update(next.value);
      size += next.value.length;
    }
    if (size !== bytes || hash.digest('hex') !== sha256) throw mismatch();
  };
  try {
    for (;;) {
      const next = await source.next();
      if (next.done) break;
      const chunk = next.value;
      hash.update(chunk);
      size += chunk.length;
      if (size > bytes) throw mismatch();
      const text = rest + decoder.write(chunk);
      let start = 0;
      for (let nl = text.indexOf('\n'); nl !== -1; nl = text.indexOf('\n', start)) {
        const line = text.slice(start, nl);
        start = nl + 1;
        count += 1;
        if (count > items) throw mismatch();
        let item: unknown;
        try {
          item = JSON.parse(line) as unknown;
        } catch {
          throw mismatch();
        }
        yield item;
      }
      rest = text.slice(start);
    }
    rest += decoder.end();
    state = 'read';
  } catch (err) {
    state = 'failed';
    throw err;
  } finally {
    if (state === 'failed') read.body.destroy();
    // The reader stopped early (a node keeping the first items): the rest is hashed, not parsed.
    else if (state === 'reading') await checkRest();
  }
  if (rest.length > 0 || size !== bytes || count !== items || hash.digest('hex') !== sha256) throw mismatch();
}

/** Signed file URLs last as long as the media nodes' do. */
const FILE_URL_TTL_S = 7 * 24 * 3600;

/** Bytes gathered before they go to the upload (fewer, larger writes). */
const CHUNK_BYTES = 256 * 1024;

class BlobItemWriter implements ItemWriter {
  count = 0;
  private inline: unknown[] | null = [];
  private inlineBytes = 0;
  private lines: string[] = [];
  private linesBytes = 0;
  private upload?: { body: PassThrough; done: Promise<unknown>; hash: Hash; bytes: number; preview: string };
  private failure?: unknown;

  constructor(private readonly blobs: BlobStore, readonly key: string, private readonly inlineMaxBytes: number) {}

  write(item: unknown): Promise<void> | undefined {
    const line = `${JSON.stringify(item === undefined ? null : item)}\n`;
    this.count += 1;
    this.lines.push(line);
    this.linesBytes += line.length;
    if (this.inline) {
      this.inline.push(item === undefined ? null : item);
      this.inlineBytes += line.length;
      if (this.inlineBytes <= this.inlineMaxBytes) return undefined;
      this.inline = null;
    }
    return this.linesBytes >= CHUNK_BYTES ? this.flush() : undefined;
  }

  private start() {
    const body = new PassThrough({ highWaterMark: 4 * CHUNK_BYTES });
    // An abort's error reaches the upload through its reading; nothing else listens.
    body.on('error', () => undefined);
    const done = this.blobs.putStream(this.key, body);
    done.catch((err: unknown) => {
      this.failure = err;
    });
    // The start of the list as JSON, for viewers and events.
    let preview = '[';
    for (const line of this.lines) {
      if (preview.length > PREVIEW_CHARS) break;
      preview += `${preview.length > 1 ? ',' : ''}${line.slice(0, -1)}`;
    }
    this.upload = { body, done, hash: createHash('sha256'), bytes: 0, preview: `${preview.slice(0, PREVIEW_CHARS)}…` };
    return this.upload;
  }

  private async flush(): Promise<void> {
    if (this.failure) throw this.failure;
    const upload = this.upload ?? this.start();
    const data = Buffer.from(this.lines.join(''), 'utf8');
    this.lines = [];
    this.linesBytes = 0;
    upload.hash.update(data);
    upload.bytes += data.length;
    if (!upload.body.write(data)) {
      // Waits for the upload to take the data, or for it to fail.
      await Promise.race([once(upload.body, 'drain'), upload.done.then(() => undefined)]);
      if (this.failure) throw this.failure;
    }
  }

  async finish(): Promise<unknown[] | ResultRef> {
    if (this.inline) return this.inline;
    await this.flush();
    const upload = this.upload!;
    upload.body.end();
    await upload.done;
    return {
      [RESULT_REF_KEY]: { v: 1, key: this.key, bytes: upload.bytes, sha256: upload.hash.digest('hex'), format: 'ndjson', items: this.count },
      preview: upload.preview,
    };
  }

  /** Stops an unfinished upload: nothing is stored. */
  async abort(): Promise<void> {
    if (!this.upload || this.upload.body.writableFinished) return;
    this.upload.body.destroy(new Error('the node failed before its list was complete'));
    await this.upload.done.catch(() => undefined);
  }
}

/** Where one node attempt writes its lists. */
export interface ItemStreamTarget {
  accountId: string;
  runId: string;
  nodeId: string;
  generation: number;
  attempt: number;
}

/**
 * `ctx.items` for one node attempt: a list longer than `inlineMaxBytes` (as NDJSON) goes to
 * `<run results>/<node>/<generation>-<attempt>-<port>.ndjson`. `abort()` stops the uploads of a
 * node that failed.
 */
export function itemStreams(blobs: BlobStore, target: ItemStreamTarget, inlineMaxBytes: number): ItemStreams & { abort(): Promise<void> } {
  const writers = new Map<string, BlobItemWriter>();
  return {
    read: (ref) => ({ [Symbol.asyncIterator]: () => readItems(blobs, target.accountId, ref) }),
    writer(port) {
      if (writers.has(port)) throw new Error(`a writer for port ${port} is already open`);
      const key = resultKey(target.accountId, target.runId, target.nodeId, target.generation, target.attempt, port, 'ndjson');
      const writer = new BlobItemWriter(blobs, key, inlineMaxBytes);
      writers.set(port, writer);
      return writer;
    },
    async file(name, body) {
      const key = blobs.newKey(target.accountId, `runs/${target.runId}`, name);
      const stored = await blobs.putStream(key, body);
      const { url, expiresAt } = blobs.signedUrl(key, FILE_URL_TTL_S);
      return { url, mime: stored.contentType, size: stored.size, expires_at: expiresAt.toISOString() };
    },
    async abort() {
      await Promise.all([...writers.values()].map((w) => w.abort()));
    },
  };
}
