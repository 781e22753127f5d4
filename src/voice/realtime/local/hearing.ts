import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { runTool } from '../../../generation/providers/local/exec';

/** What the local engine hears: 16-bit little-endian mono PCM at 24 kHz (OpenAI Realtime's `audio/pcm`). */
export const INPUT_SAMPLE_RATE = 24_000;
export const BYTES_PER_SECOND = INPUT_SAMPLE_RATE * 2;

/** The offline recogniser (Debian `pocketsphinx`, with the `pocketsphinx-en-us` model). */
const RECOGNISER = 'pocketsphinx_continuous';
/**
 * Its acoustic model is 16 kHz; features computed from 24 kHz input with a 1024-point FFT over the
 * same filter bank recognise as well as resampled audio, without a resampler in between.
 */
const RECOGNISER_ARGS = ['-samprate', String(INPUT_SAMPLE_RATE), '-nfft', '1024', '-logfn', '/dev/null'];
/** The decoder finds words at the very edges of an utterance only with some silence around them. */
const EDGE_SILENCE = Buffer.alloc(Math.round(BYTES_PER_SECOND * 0.3));

export type TranscriptionErrorCode = 'transcription_unavailable' | 'transcription_timeout' | 'transcription_failed';

export class TranscriptionError extends Error {
  constructor(readonly code: TranscriptionErrorCode, message: string) {
    super(message);
    this.name = 'TranscriptionError';
  }
}

/** Recogniser processes running at once in this API process; more utterances wait their turn. */
const slots = { free: Math.max(1, availableParallelism()), waiting: [] as Array<() => void> };

async function takeSlot(signal: AbortSignal): Promise<() => void> {
  if (slots.free === 0) {
    await new Promise<void>((resolve, reject) => {
      const onAbort = () => {
        slots.waiting.splice(slots.waiting.indexOf(grant), 1);
        reject(signal.reason);
      };
      const grant = () => {
        signal.removeEventListener('abort', onAbort);
        resolve();
      };
      signal.throwIfAborted();
      slots.waiting.push(grant);
      signal.addEventListener('abort', onAbort, { once: true });
    });
  } else slots.free--;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const next = slots.waiting.shift();
    if (next) next();
    else slots.free++;
  };
}

/**
 * The words spoken in `pcm` (PCM16 mono at 24 kHz), lower case, '' when none were recognised. The
 * recogniser runs as a child process, never on the event loop; waiting for a free slot and
 * recognising together take at most `timeoutMs`.
 */
export async function transcribePcm16(pcm: Buffer, opts: { timeoutMs: number; signal?: AbortSignal }): Promise<string> {
  const deadline = AbortSignal.timeout(opts.timeoutMs);
  const signal = opts.signal ? AbortSignal.any([deadline, opts.signal]) : deadline;
  let release: (() => void) | undefined;
  let dir: string | undefined;
  try {
    release = await takeSlot(signal);
    // It reads a file only (Node's child stdin is a socket, which /dev/stdin cannot open).
    dir = await mkdtemp(join(tmpdir(), 'atelier-hear-'));
    const file = join(dir, 'utterance.raw');
    await writeFile(file, Buffer.concat([EDGE_SILENCE, pcm, EDGE_SILENCE]));
    const { stdout } = await runTool(RECOGNISER, ['-infile', file, ...RECOGNISER_ARGS], { signal, timeoutMs: opts.timeoutMs });
    // One line per utterance the decoder found in the audio.
    return stdout.toString().split('\n').map((l) => l.trim()).filter(Boolean).join(' ');
  } catch (err) {
    if (deadline.aborted) throw new TranscriptionError('transcription_timeout', `Speech recognition took longer than ${opts.timeoutMs} ms`);
    if (opts.signal?.aborted) throw err;
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new TranscriptionError('transcription_unavailable', 'This server has no speech recogniser installed (Debian packages pocketsphinx and pocketsphinx-en-us)');
    }
    throw new TranscriptionError('transcription_failed', `Speech recognition failed: ${err instanceof Error ? err.message : String(err)}`);
  } finally {
    release?.();
    if (dir) await rm(dir, { recursive: true, force: true });
  }
}
