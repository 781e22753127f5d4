// Music (an async job like video) and speech-to-text (OpenAI's multipart transcription shape).
// Paths relative to /v1.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Router } from 'express';
import { z } from 'zod';
import type { Deps } from '../deps';
import { detail, validationFailed } from '../infra/http/errors';
import { route } from '../infra/http/route';
import { runTool } from './media-tools';
import { uploadedAudio } from './multipart-audio';
import { resolveModel, runSync } from './pipeline';
import { DEFAULT_MODELS } from './prices';
import { MAX_MUSIC_SECONDS } from './providers/local/music';
import { startAsync } from './start-async';
import { TRANSCRIPT_FORMATS, toSrt, toVerbose, toVtt } from './transcript-formats';
import { JobAcceptedView, TranscriptionView } from './views';

const output = z.object({ destination_id: z.string().optional(), path_template: z.string().optional() }).strict().optional();

const musicBody = z.object({
  model: z.string().optional(),
  prompt: z.string().min(1).max(2000),
  duration: z.number().min(1).max(MAX_MUSIC_SECONDS).default(30).describe('Seconds of music'),
  seed: z.number().int().min(0).max(2 ** 31 - 1).optional(),
  output,
});

// Multipart fields arrive as strings; numbers are parsed here so a bad one is a 422 like JSON's.
const numberField = (min: number, max: number) => z.coerce.number().min(min).max(max);
const transcriptionBody = z.object({
  file: z.object({ filename: z.string(), bytes: z.number().int().min(1, 'The audio file is empty'), sha256: z.string() }, { message: 'A file part named "file" is required' }),
  model: z.string().min(1).max(200),
  language: z.string().regex(/^[a-zA-Z]{2,3}([-_][a-zA-Z]{2,4})?$/, 'An ISO 639-1 language code such as "en"').optional(),
  prompt: z.string().max(4000).optional(),
  response_format: z.enum(TRANSCRIPT_FORMATS).default('json'),
  temperature: numberField(0, 1).optional(),
  timestamp_granularities: z.array(z.enum(['segment', 'word'])).optional(),
});

/** Length in seconds of an uploaded audio file (ffprobe), or a 400 when it is not audio. */
async function audioSeconds(data: Buffer): Promise<number> {
  const dir = await mkdtemp(join(tmpdir(), 'atelier-upload-'));
  try {
    const file = join(dir, 'audio');
    await writeFile(file, data);
    const { stdout } = await runTool('ffprobe', ['-v', 'error', '-select_streams', 'a:0', '-show_entries', 'format=duration:stream=codec_type', '-of', 'json', file]).catch(() => ({ stdout: '' }));
    const probed = (stdout ? JSON.parse(stdout) : {}) as { format?: { duration?: string }; streams?: unknown[] };
    const seconds = Number(probed.format?.duration);
    if (!probed.streams?.length || !Number.isFinite(seconds) || seconds <= 0) {
      throw detail(400, 'The file could not be read as audio. Send a supported audio file (flac, m4a, mp3, mp4, mpeg, mpga, oga, ogg, wav or webm).');
    }
    return seconds;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export function audioRoutes(deps: Deps): Router {
  const router = Router();

  router.post(
    '/ai/generate/music',
    route({ body: musicBody, status: 202, response: JobAcceptedView, summary: 'Generate music (a job: poll it)', errors: [402, 429] }, async ({ auth, body, req }) => {
      const { model, price } = resolveModel('music', body.model, DEFAULT_MODELS.music);
      return startAsync(deps, auth, req, {
        type: 'music', model, price, quantities: { generation: body.duration }, producesFile: true, output: body.output,
        request: { prompt: body.prompt, duration: body.duration, seed: body.seed, output: body.output },
      });
    }),
  );

  router.post(
    '/ai/audio/transcriptions',
    route({ body: transcriptionBody, response: TranscriptionView, summary: 'Speech to text (multipart, OpenAI-compatible)', errors: [402] }, async ({ auth, body, req, res }) => {
      const upload = uploadedAudio(req);
      if (!upload) throw validationFailed([{ type: 'missing', loc: ['body', 'file'], msg: 'Send the audio as multipart/form-data with a file part named "file"', input: undefined }]);
      const { model, price } = resolveModel('transcription', body.model, DEFAULT_MODELS.transcription);
      // The price is per minute of audio: measured before anything is charged, so a file that is
      // not audio is refused with nothing moved.
      const seconds = await audioSeconds(upload.data);
      const timestamps = body.response_format === 'verbose_json' || body.response_format === 'srt' || body.response_format === 'vtt';
      let transcript: Awaited<ReturnType<Deps['providers']['transcription']>> | undefined;
      const r = await runSync(
        deps, auth,
        { type: 'transcription', model, price, quantities: { audio: seconds / 60 }, request: { filename: upload.filename, bytes: upload.data.length, seconds, response_format: body.response_format }, producesFile: false },
        async (providers) => {
          transcript = await providers.transcription({ model, audio: upload.data, filename: upload.filename, language: body.language, prompt: body.prompt, timestamps });
          return { result: { text: transcript.text, language: transcript.language ?? null, duration: transcript.duration ?? seconds } };
        },
      );
      const t = transcript!;
      res.setHeader('X-Atelier-Job-Id', r.prepared.jobId);
      res.setHeader('X-Atelier-Cost-Usd', String(r.billing.cost_usd));
      if (body.response_format === 'text' || body.response_format === 'srt' || body.response_format === 'vtt') {
        const text = body.response_format === 'text' ? `${t.text}\n` : body.response_format === 'srt' ? toSrt(t) : toVtt(t);
        res.type(body.response_format === 'vtt' ? 'text/vtt' : 'text/plain').send(text);
        return undefined;
      }
      const extras = { job_id: r.prepared.jobId, model, sandbox: auth.sandbox, billing: r.billing };
      if (body.response_format === 'verbose_json') return { ...toVerbose(t, seconds), ...extras };
      return { text: t.text, usage: { type: 'duration' as const, seconds: Math.ceil(seconds) }, ...extras };
    }),
  );

  return router;
}
