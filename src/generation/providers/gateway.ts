// The gateway: resolves a public model to its catalogue routes over the configured providers,
// tries them in order — falling back on retryable, rate-limited, unavailable and auth failures,
// never on client faults or refusals — behind a circuit breaker per route and per-provider limits,
// and turns the adapters' ProviderErrors into the API's answers. It alone decides both.
import { ApiError } from '../../infra/http/errors';
import { safeFetch } from '../../infra/net/safe-fetch';
import { activeCatalogue, DEFAULT_MODELS, findPrice, installCatalogue } from '../prices';
import { Breaker } from './breaker';
import { CAPABILITY_OF, OPERATION_TYPES, type OperationType } from './catalogue';
import { isConfigured, serves, type ProviderConfig } from './config';
import {
  contentFiltered, FALLBACK_KINDS, modelNotAvailable, ProviderError, ProviderFailedError, providerRejected, ProviderUnavailableError, routesExhausted,
} from './errors';
import { ProviderLimiter } from './limits';
import { ADAPTERS } from './registry';
import {
  isJobHandler, type CallContext, type Capability, type CapabilityHandlers, type Handler, type JobHandler, type JobOutput, type MediaResult,
  type ProviderAdapter, type ProviderId, type Providers, type Route, type Served,
} from './types';

const TYPE_OF = Object.fromEntries(OPERATION_TYPES.map((t) => [CAPABILITY_OF[t], t])) as Record<Capability, OperationType>;

/** The operation type a capability is priced as (`embed` → `embeddings`, `model3d` → `3d`…). */
export const operationTypeOf = (cap: Capability): OperationType => TYPE_OF[cap];

/** Largest provider output fetched from a result URL. */
const MAX_OUTPUT_BYTES = 512 * 1024 * 1024;

export interface GatewayOptions {
  /** Install this configuration's catalogue as the one prices read (the deployment's gateway does). */
  installCatalogue?: boolean;
  /** Poll interval of an in-process job (durable workers poll on their own schedule). */
  pollMs?: number;
  now?: () => number;
}

export function createGateway(config: ProviderConfig, opts: GatewayOptions = {}): Providers {
  if (opts.installCatalogue !== false) installCatalogue(config.catalogue);
  const serving = Object.freeze({ ...config.serving });
  const adapters = new Map<ProviderId, ProviderAdapter>();
  const breakers = new Map<string, Breaker>();
  const limiters = new Map<ProviderId, ProviderLimiter>();

  const adapter = (id: ProviderId): ProviderAdapter => {
    let a = adapters.get(id);
    if (!a) {
      a = ADAPTERS[id]!.create(config.settings[id]);
      adapters.set(id, a);
    }
    return a;
  };
  const breaker = (r: Route) => {
    const key = `${r.provider}\u0000${r.model}`;
    let b = breakers.get(key);
    if (!b) breakers.set(key, (b = new Breaker(config.breaker, opts.now)));
    return b;
  };
  const limiter = (id: ProviderId) => {
    let l = limiters.get(id);
    if (!l) limiters.set(id, (l = new ProviderLimiter(id, config.limits[id], 5000, opts.now)));
    return l;
  };
  const callable = (cap: Capability, provider: ProviderId) =>
    (serving[cap] === 'auto' || serving[cap] === provider) && serves(provider, cap) && isConfigured(config, provider);

  const routesFor = (cap: Capability, model: string): Route[] =>
    (findPrice(TYPE_OF[cap], model)?.routes ?? []).filter((r) => callable(cap, r.provider));

  /**
   * The routes a facade call tries. A capability pinned to a provider (ATELIER_PROVIDER=openai) sends
   * a model the catalogue does not route there to that provider as is, as the pin always did.
   */
  const routesOrPinned = (cap: Capability, model: string): Route[] => {
    const routes = routesFor(cap, model);
    const pinned = serving[cap];
    if (routes.length || pinned === 'auto' || pinned === 'none' || !callable(cap, pinned)) return routes;
    return [{ provider: pinned, model, params: {}, cost: {} }];
  };

  /** The model to use when a caller names none: the pinned provider's first, else the catalogue default. */
  const defaultModel = (cap: Capability): string => {
    const type = TYPE_OF[cap];
    const pinned = serving[cap];
    if (pinned !== 'auto' && pinned !== 'none') {
      const first = activeCatalogue().entries.find((e) => e.type === type && !e.id.endsWith('/*') && e.routes.some((r) => r.provider === pinned));
      if (first) return first.id;
    }
    return DEFAULT_MODELS[type];
  };

  async function call<K extends Capability, R>(
    cap: K,
    model: string,
    signal: AbortSignal | undefined,
    fn: (handler: CapabilityHandlers[K], ctx: CallContext) => Promise<R>,
  ): Promise<R & { served: Served }> {
    if (serving[cap] === 'none') throw new ProviderUnavailableError(cap);
    const routes = routesOrPinned(cap, model);
    if (!routes.length) {
      if (!findPrice(TYPE_OF[cap], model) && serving[cap] === 'auto') throw new ProviderUnavailableError(cap, `no catalogue entry for model '${model}'`);
      throw modelNotAvailable(model, null, cap);
    }
    const reasons: string[] = [];
    let onlyUnavailable = true;
    let retryAfter: number | undefined;
    for (const route of routes) {
      const b = breaker(route);
      if (!b.allow()) {
        reasons.push(`${route.provider}: circuit open after repeated failures`);
        retryAfter = Math.min(retryAfter ?? Infinity, b.retryInMs() || 1000);
        continue;
      }
      let release: (() => void) | undefined;
      try {
        release = await limiter(route.provider).acquire(signal);
        const handler = adapter(route.provider).capabilities[cap] as CapabilityHandlers[K];
        const result = await fn(handler, { route, signal, timeoutMs: config.timeoutMs });
        b.success();
        return { ...result, served: { provider: route.provider, model: route.model } };
      } catch (err) {
        if (signal?.aborted) {
          b.release();
          throw err;
        }
        // Our own code's refusals (the local provider's) are already the API's answer.
        if (err instanceof ApiError) {
          b.release();
          throw err;
        }
        const pe = asProviderError(err, route.provider);
        if (!FALLBACK_KINDS.has(pe.kind)) {
          b.release();
          throw pe.kind === 'content_refused' ? contentFiltered(route.provider, pe.message) : providerRejected(route.provider, pe.message);
        }
        // A limit of ours is not the provider's failure.
        if (release) b.failure();
        else b.release();
        if (pe.kind !== 'rate_limited' && pe.kind !== 'unavailable') onlyUnavailable = false;
        if (pe.retryAfterMs !== undefined) retryAfter = Math.min(retryAfter ?? Infinity, pe.retryAfterMs);
        reasons.push(`${route.provider}: ${pe.message}`);
      } finally {
        release?.();
      }
    }
    if (onlyUnavailable) throw routesExhausted(cap, model, reasons, retryAfter);
    throw new ProviderFailedError(cap, reasons.join('; '));
  }

  /** A handler that may be a job: submitted and polled in this process until done (or the signal). */
  async function runMedia<Req>(h: Handler<Req, MediaResult>, req: Req, ctx: CallContext): Promise<MediaResult> {
    if (!isJobHandler(h)) return h.run(req, ctx);
    const { jobId } = await h.submit(req, ctx);
    const deadline = Date.now() + ctx.timeoutMs;
    let wait = opts.pollMs ?? 1000;
    let finished = false;
    try {
      for (;;) {
        const st = await h.poll(jobId, ctx);
        if (st.status === 'succeeded') {
          finished = true;
          if (!st.output) throw new ProviderError('retryable', `job ${jobId} succeeded without an output`);
          return { ...(await outputBytes(st.output, ctx.route.provider, ctx.signal)), usage: st.usage };
        }
        if (st.status === 'failed' || st.status === 'canceled') {
          finished = true;
          throw new ProviderError(st.error?.kind ?? 'retryable', st.error?.message ?? `job ${jobId} ${st.status}`);
        }
        if (Date.now() > deadline) throw new ProviderError('retryable', `job ${jobId} still ${st.status} after ${ctx.timeoutMs} ms`);
        await sleep(wait, ctx.signal);
        wait = Math.min(wait * 1.5, 10_000);
      }
    } catch (err) {
      // Stop the provider's render whatever ended the wait (abort, timeout): nobody will collect it.
      if (!finished) await h.cancel(jobId, ctx).catch(() => undefined);
      throw err;
    }
  }

  /** A job's output as bytes: URLs are fetched with the outbound checks, loopback/private only on the provider's own host. */
  async function outputBytes(out: JobOutput, provider: ProviderId, signal?: AbortSignal): Promise<{ data: Buffer; mime: string }> {
    if ('data' in out) return out;
    const base = config.settings[provider].baseUrl;
    const own = base !== undefined && new URL(out.url).host === new URL(base).host;
    const res = await safeFetch(out.url, { signal, maxBytes: MAX_OUTPUT_BYTES, maxRedirects: own ? 0 : 3, timeoutMs: config.timeoutMs }, { allowPrivateNetwork: own });
    if (res.status !== 200) throw new ProviderError('retryable', `result ${out.url} answered HTTP ${res.status}`);
    return { data: res.body, mime: out.mime ?? res.headers['content-type']?.split(';')[0] ?? 'application/octet-stream' };
  }

  return {
    serving,
    available: (cap) => {
      if (serving[cap] === 'none') return false;
      const type = TYPE_OF[cap];
      return activeCatalogue().entries.some((e) => e.type === type && e.routes.some((r) => callable(cap, r.provider)));
    },
    routesFor,
    jobHandler: (cap, provider) => {
      if (!isConfigured(config, provider)) return undefined;
      const h = adapter(provider).capabilities[cap] as Handler<unknown, unknown> | undefined;
      return h && isJobHandler(h) ? (h as JobHandler<unknown>) : undefined;
    },
    async chat(req) {
      const model = req.model || defaultModel('chat');
      const out = await call('chat', model, req.signal, (h, ctx) => h.run({ ...req, model: ctx.route.model }, ctx));
      return {
        text: out.text,
        model: out.model,
        usage: { prompt_tokens: out.usage.inputTokens ?? 0, completion_tokens: out.usage.outputTokens ?? 0 },
        ...(out.toolCalls?.length ? { toolCalls: out.toolCalls } : {}),
        served: out.served,
      };
    },
    image: (req) => call('image', req.model || defaultModel('image'), req.signal, (h, ctx) => h.run({ ...req, model: ctx.route.model }, ctx)),
    speech: (req) => call('speech', req.model || defaultModel('speech'), req.signal, (h, ctx) => h.run({ ...req, model: ctx.route.model }, ctx)),
    video: (req) => call('video', req.model || defaultModel('video'), req.signal, (h, ctx) => runMedia(h, { ...req, model: ctx.route.model }, ctx)),
    music: (req) => call('music', req.model || defaultModel('music'), req.signal, (h, ctx) => runMedia(h, { ...req, model: ctx.route.model }, ctx)),
    model3d: (req) => call('model3d', req.model || defaultModel('model3d'), req.signal, (h, ctx) => runMedia(h, { ...req, model: ctx.route.model }, ctx)),
    transcription: (req) => call('transcription', req.model || defaultModel('transcription'), req.signal, (h, ctx) => h.run({ ...req, model: ctx.route.model }, ctx)),
    upscale: (req) => call('upscale', req.model || defaultModel('upscale'), req.signal, (h, ctx) => h.run({ ...req, model: ctx.route.model }, ctx)),
    imageTool: (req) => call('imageTool', req.model, req.signal, (h, ctx) => h.run({ ...req, model: ctx.route.model }, ctx)),
    removeBackground: (req) => call('removeBackground', req.model || defaultModel('removeBackground'), req.signal, (h, ctx) => h.run({ ...req, model: ctx.route.model }, ctx)),
    ocr: (req) => call('ocr', req.model || defaultModel('ocr'), req.signal, (h, ctx) => h.run({ ...req, model: ctx.route.model }, ctx)),
    translate: (req) => call('translate', req.model || defaultModel('translate'), req.signal, (h, ctx) => h.run({ ...req, model: ctx.route.model }, ctx)),
    embed: (req) => call('embed', req.model || defaultModel('embed'), req.signal, (h, ctx) => h.run({ ...req, model: ctx.route.model }, ctx)),
  };
}

/** Anything an adapter let escape, classified: timeouts and network errors are retryable. */
function asProviderError(err: unknown, provider: string): ProviderError {
  if (err instanceof ProviderError) return err;
  const e = err as Error & { code?: string };
  if (e?.name === 'TimeoutError' || e?.name === 'AbortError') return new ProviderError('retryable', `timed out: ${e.message}`, { provider, cause: err });
  return new ProviderError('retryable', e?.message ?? String(err), { provider, cause: err });
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const t = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(t);
      reject(signal.reason);
    }, { once: true });
  });
}

