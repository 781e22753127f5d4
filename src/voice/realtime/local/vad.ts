import { INPUT_SAMPLE_RATE } from './hearing';

/** `turn_detection` of a session when the server finds the turns (`server_vad`). */
export interface ServerVad {
  type: 'server_vad';
  /** 0–1: how loud a frame must be to count as speech (0.5 ≈ −40 dBFS; higher needs louder). */
  threshold: number;
  /** Audio kept from before the speech began, so the first word is not cut. */
  prefix_padding_ms: number;
  /** Silence that ends the speech. */
  silence_duration_ms: number;
  /** Answer each committed turn with a response. */
  create_response: boolean;
  /** Speech that starts during a response cancels it. */
  interrupt_response: boolean;
}

export const DEFAULT_SERVER_VAD: ServerVad = {
  type: 'server_vad', threshold: 0.5, prefix_padding_ms: 300, silence_duration_ms: 500, create_response: true, interrupt_response: true,
};

/** 20 ms frames: short enough to place the edges well, long enough for a stable loudness. */
const FRAME_SAMPLES = INPUT_SAMPLE_RATE / 50;
/** Voiced frames in a row before speech counts as begun (a click or a pop is shorter). */
const START_FRAMES = 3;

export type VadTransition = { type: 'start' | 'stop'; /** Sample index since the session's first input sample. */ sample: number };

/**
 * Energy-based voice activity detection over PCM16 at 24 kHz: a frame is voiced when its RMS is
 * above the threshold; speech starts at the first of START_FRAMES voiced frames in a row and stops
 * after `silence_duration_ms` without a voiced frame.
 */
export class EnergyVad {
  speaking = false;
  private readonly levelRms: number;
  private readonly silenceFrames: number;
  private pending = Buffer.alloc(0);
  /** Samples seen so far (the index of the first sample of `pending`). */
  private position = 0;
  private voicedRun = 0;
  private quietRun = 0;

  constructor(cfg: ServerVad, startSample = 0) {
    this.position = startSample;
    this.levelRms = 32768 * 10 ** ((-60 + 40 * cfg.threshold) / 20);
    this.silenceFrames = Math.max(1, Math.ceil(cfg.silence_duration_ms / 20));
  }

  /** Feeds the next bytes of input; returns where speech started or stopped within them. */
  push(pcm: Buffer): VadTransition[] {
    const out: VadTransition[] = [];
    const bytes = this.pending.length ? Buffer.concat([this.pending, pcm]) : pcm;
    const frameBytes = FRAME_SAMPLES * 2;
    let off = 0;
    for (; off + frameBytes <= bytes.length; off += frameBytes) {
      let sum = 0;
      for (let i = off; i < off + frameBytes; i += 2) {
        const s = bytes.readInt16LE(i);
        sum += s * s;
      }
      const voiced = Math.sqrt(sum / FRAME_SAMPLES) >= this.levelRms;
      const frameEnd = this.position + FRAME_SAMPLES;
      if (!this.speaking) {
        this.voicedRun = voiced ? this.voicedRun + 1 : 0;
        if (this.voicedRun >= START_FRAMES) {
          this.speaking = true;
          this.quietRun = 0;
          out.push({ type: 'start', sample: frameEnd - START_FRAMES * FRAME_SAMPLES });
        }
      } else {
        this.quietRun = voiced ? 0 : this.quietRun + 1;
        if (this.quietRun >= this.silenceFrames) {
          this.speaking = false;
          this.voicedRun = 0;
          out.push({ type: 'stop', sample: frameEnd });
        }
      }
      this.position = frameEnd;
    }
    this.pending = Buffer.from(bytes.subarray(off));
    return out;
  }

  /** The caller ended the turn itself (a commit, a clear, a full buffer): listen for the next one. */
  reset(): void {
    this.speaking = false;
    this.voicedRun = 0;
    this.quietRun = 0;
  }
}
