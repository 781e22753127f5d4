import { Router, type Request, type Response } from 'express';
import type { z } from 'zod';
import type { AuthContext } from '../platform/auth/context';
import type { Deps } from '../deps';
import { blockedTerm } from './content-policy';
import type { StepCall, StepOutcome } from './contract/steps';
import { invalidStoryId, storyError } from './errors';
import { SlidingWindow } from './rate-limit';
import { scaleLimit } from '../platform/limits/rate-limiter';
import {
  charactersBody, conceptBody, finalBody, framesBody, generateBody, pollVideosBody, regenerateCharacterBody, regenerateFrameBody,
  videosBody, voiceoverBody,
} from './schemas';
import { newSeed, newStoryId, StoryService } from './service';
import { conceptOf, findLiveStory, loadStoryParts, StoryViews } from './store';
import { DEFAULT_VIDEO_MODEL, usdPerSecond, VIDEO_MODELS } from './video-models';
import { documentRoute } from '../infra/http/openapi';
import { checkedAnswer } from '../infra/http/route';
import {
  CharactersStepView, ConceptStepView, FinalStepView, FramesStepView, PollVideosView, RegeneratedCharacterView, RegeneratedFrameView,
  StoryCreditsView, StoryView, VideoModelsView, VideosStepView, VoiceoverStepView,
} from './views';

/** Shape for bad input: 400 `{error:{code:'invalid_request', message, errors:[{loc, msg}]}}`. */
function parse<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const r = schema.safeParse(body ?? {});
  if (r.success) return r.data;
  const errors = r.error.issues.map((i) => ({ loc: ['body', ...i.path.map(String)], msg: i.message, code: i.code }));
  throw storyError('invalid_request', errors.map((e) => `${e.loc.slice(1).join('.') || 'body'}: ${e.msg}`).join('; '), { errors });
}

function screen(...texts: Array<string | undefined | null>) {
  const term = blockedTerm(...texts);
  if (term) {
    throw storyError('content_filtered', 'The request was rejected by the content policy (see the Story Studio content policy)', { policy: 'story-content-v1', matched_term: term });
  }
}

const auth = (req: Request) => req.auth as AuthContext;

/** How the story streams describe their frames in /openapi.json. */
const STREAM_FRAMES =
  'Server-sent events, each frame `id: <n>`, `event: <name>` and `data: <JSON>`: `step_start` {step (1 to 6), name, message}; ' +
  '`step_progress` {step, progress (0 to 100), message}; `step_complete` {step, name, result}; `billing` {refunded_usd, scenes_rendered, ' +
  'scenes_requested}; `complete` {story_id, video_url, thumbnail_url, credits_used, duration, scenes[], characters[], metadata} or ' +
  '`error` {step, code, message, retry}, after which the stream ends. Step names: concept, characters, frames, videos, voiceover, final.';

/** Story Studio: the six steps, regenerations, polling, the streamed pipeline. */
export function storyRoutes(deps: Deps): Router {
  const router = Router();
  const service = new StoryService(deps);
  const views = new StoryViews(deps.blobs);
  const windows = new SlidingWindow();
  const cfg = deps.config.story;
  const limit = (req: Request, bucket: 'generate' | 'step' | 'poll') => {
    const max = bucket === 'generate' ? cfg.generatePerMinute : bucket === 'step' ? cfg.stepPerMinute : 60;
    // Scaled like every other limiter (ATELIER_RATE_LIMIT_SCALE), so load tests and private deployments move them together.
    windows.hit(`${bucket}:${auth(req).accountId}`, scaleLimit(max, deps.config.rateLimitScale));
  };

  const step = <S extends z.ZodType, R extends z.ZodType>(
    path: string,
    schema: S,
    response: R,
    build: (body: z.output<S>) => StepCall,
    respond: (storyId: string, outcome: StepOutcome, a: AuthContext, body: z.output<S>) => Promise<z.input<R>>,
    screenOf: (body: z.output<S>) => Array<string | undefined>,
  ) => {
    router.post(path, documentRoute(async (req: Request, res: Response) => {
      limit(req, 'step');
      const body = parse(schema, req.body);
      screen(...screenOf(body));
      const call = build(body);
      const a = auth(req);
      let storyId: string;
      if (call.kind === 'concept') storyId = newStoryId();
      else {
        storyId = (body as { story_id: string }).story_id;
        await service.requireStory(a, storyId);
      }
      const outcome = await service.runStep(a, storyId, call);
      res.status(200).json(checkedAnswer(response, await respond(storyId, outcome, a, body), req));
    }, { body: schema, response, summary: `Story step: ${path.split('/').pop()}`, errors: [402] }));
  };

  const story = async (a: AuthContext, storyId: string) => {
    const s = await findLiveStory(deps.db, a.accountId, storyId);
    if (!s) throw invalidStoryId(storyId);
    return { s, parts: await loadStoryParts(deps.db, storyId) };
  };
  const money = (o: StepOutcome) => ({ credits_used: o.credits_used, billing: o.billing });

  step('/story/step/concept', conceptBody, ConceptStepView, (b) => ({ kind: 'concept', body: { ...b, seed: b.seed ?? newSeed() } }), async (id, o, a) => {
    const { s } = await story(a, id);
    return { story_id: id, concept: conceptOf(s)!, seed: (s.params as { seed: number }).seed, expires_at: s.expires_at.toISOString(), ...money(o) };
  }, (b) => [b.prompt]);

  step('/story/step/characters', charactersBody, CharactersStepView, (b) => ({ kind: 'characters', body: b }), async (id, o, a) => {
    const { s, parts } = await story(a, id);
    return { story_id: id, characters: parts.characters.map((c) => views.character(c, s)), ...money(o) };
  }, (b) => (b.characters ?? []).map((c) => c.description));

  step('/story/step/frames', framesBody, FramesStepView, (b) => ({ kind: 'frames', body: b }), async (id, o, a) => {
    const { s, parts } = await story(a, id);
    return { story_id: id, resolution: s.frames_resolution, frames: parts.frames.map((f) => views.frame(f, s)), ...money(o) };
  }, (b) => b.scene_overrides.map((o) => o.description));

  step('/story/step/videos', videosBody, VideosStepView, (b) => ({ kind: 'videos', body: b }), async (id, o, a) => {
    const { s, parts } = await story(a, id);
    const mine = parts.videos;
    const model = mine[0];
    return {
      story_id: id, video_model: model?.model_requested, model_used: model?.model_used,
      videos: mine.map((v) => views.video(v, s)), ...views.pollSummary(mine), refused: o.refused ?? [],
      cost_usd: o.cost_usd ?? 0, ...money(o),
    };
  }, () => []);

  router.post('/story/step/poll-videos', documentRoute(async (req, res) => {
    limit(req, 'poll');
    const body = parse(pollVideosBody, req.body);
    const { s, parts } = await story(auth(req), body.story_id);
    const summary = views.pollSummary(parts.videos);
    res.json(checkedAnswer(PollVideosView, {
      story_id: s.id, status: summary.pending > 0 ? 'rendering' : summary.total === 0 ? 'not_started' : 'completed', ...summary,
      videos: parts.videos.map((v) => views.video(v, s)), credits_used: 0,
    }, req));
  }, { body: pollVideosBody, response: PollVideosView, summary: 'Poll the scene renders of a story' }));

  step('/story/step/voiceover', voiceoverBody, VoiceoverStepView, (b) => ({ kind: 'voiceover', body: b }), async (id, o, a) => {
    const { s } = await story(a, id);
    return { story_id: id, voiceover: views.voiceover(s), ...money(o) };
  }, (b) => b.narration_overrides.map((o) => o.text));

  step('/story/step/final', finalBody, FinalStepView, (b) => ({ kind: 'final', body: b }), async (id, o, a) => {
    const { s } = await story(a, id);
    return { story_id: id, final: views.final(s), ...money(o) };
  }, () => []);

  step('/story/regenerate/character', regenerateCharacterBody, RegeneratedCharacterView, (b) => ({ kind: 'regenerate_character', body: b }), async (id, o, a, b) => {
    const { s, parts } = await story(a, id);
    const c = parts.characters.find((x) => x.id === b.character_id)!;
    return { story_id: id, character: views.character(c, s), ...money(o) };
  }, (b) => [b.description, b.style_hints]);

  step('/story/regenerate/frame', regenerateFrameBody, RegeneratedFrameView, (b) => ({ kind: 'regenerate_frame', body: b }), async (id, o, a, b) => {
    const { s, parts } = await story(a, id);
    const f = parts.frames.find((x) => x.scene_index === b.scene_index)!;
    return { story_id: id, frame: views.frame(f, s), ...money(o) };
  }, (b) => [b.description]);

  router.post('/story/generate', documentRoute(async (req, res) => {
    limit(req, 'generate');
    const body = parse(generateBody, req.body);
    screen(body.prompt);
    const { storyId } = await service.startPipeline(auth(req), { ...body, seed: body.seed ?? newSeed() });
    await streamEvents(deps, req, res, storyId, 0);
  }, { body: generateBody, summary: 'Generate a whole story, streamed as server-sent events', errors: [402], produces: { contentType: 'text/event-stream', description: STREAM_FRAMES } }));

  /** Re-attaches to a story's event stream (e.g. after a disconnect); `Last-Event-ID` resumes. */
  router.get('/story/:story_id/events', documentRoute(async (req, res) => {
    const id = String(req.params.story_id);
    await story(auth(req), id);
    const since = Number(req.header('last-event-id') ?? req.query.since ?? 0) || 0;
    await streamEvents(deps, req, res, id, since);
  }, { summary: 'Re-attach to a story\'s event stream (Last-Event-ID resumes)', produces: { contentType: 'text/event-stream', description: `The story's events after Last-Event-ID (or ?since), then live. ${STREAM_FRAMES}` } }));

  router.get('/story/credits', documentRoute(async (req, res) => {
    res.json(checkedAnswer(StoryCreditsView, await service.credits(auth(req)), req));
  }, { summary: 'Included story credits and their use', response: StoryCreditsView }));

  router.get('/story/video-models', documentRoute((req, res) => {
    res.json(checkedAnswer(VideoModelsView, {
      default: DEFAULT_VIDEO_MODEL,
      models: VIDEO_MODELS.map((m) => ({
        id: m.id, family: m.family, max_seconds: m.maxSeconds, durations: m.ladder, usd_per_second: usdPerSecond(m),
        retired: Boolean(m.retired), ...(m.retired ? { renders_on: DEFAULT_VIDEO_MODEL } : {}),
        available: !cfg.unavailableModels.includes(m.id),
      })),
    }, req));
  }, { summary: 'Video models for scene renders, with durations and prices', response: VideoModelsView }));

  router.get('/story/:story_id', documentRoute(async (req, res) => {
    const { s } = await story(auth(req), String(req.params.story_id));
    res.json(checkedAnswer(StoryView, await views.full(deps.db, s), req));
  }, { summary: 'A story with its concept, characters, frames, videos, voice-over and final cut', response: StoryView }));

  return router;
}

const TERMINAL = new Set(['complete', 'error']);
/** How often a stream looks for new events: one indexed query per stream, cheap next to the latency it saves. */
const POLL_MS = 50;

/**
 * Standard SSE frames (`event:` + `data:`), replayed from the story's event table and
 * then tailed every 50 ms until `complete` or `error`. A client that goes away only stops the
 * tail; the pipeline is a workflow and carries on.
 */
async function streamEvents(deps: Deps, req: Request, res: Response, storyId: string, since: number) {
  res.status(200);
  res.setHeader('Content-Type', 'text/event-stream; charset=utf-8');
  res.setHeader('Cache-Control', 'no-cache, no-transform');
  res.setHeader('Connection', 'keep-alive');
  res.setHeader('X-Accel-Buffering', 'no');
  res.setHeader('X-Story-Id', storyId);
  res.flushHeaders();
  let closed = false;
  req.on('close', () => (closed = true));
  res.on('close', () => (closed = true));
  let last = since;
  let lastWrite = Date.now();
  while (!closed) {
    const rows = await deps.db
      .selectFrom('story_events')
      .select(['id', 'event', 'data'])
      .where('story_id', '=', storyId)
      .where('id', '>', last)
      .orderBy('id')
      .execute();
    let done = false;
    for (const row of rows) {
      last = row.id;
      res.write(`id: ${row.id}\nevent: ${row.event}\ndata: ${JSON.stringify(row.data)}\n\n`);
      lastWrite = Date.now();
      if (TERMINAL.has(row.event)) done = true;
    }
    if (done) break;
    if (Date.now() - lastWrite > 15_000) {
      // A story that ended without a terminal event (expired mid-way) ends its stream too.
      const running = await deps.temporal.workflow.getHandle(storyId).describe().then((d) => d.status.name === 'RUNNING', () => false);
      if (!running) break;
      res.write(': keep-alive\n\n');
      lastWrite = Date.now();
    }
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
  if (!closed) res.end();
}
