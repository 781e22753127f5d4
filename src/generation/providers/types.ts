// The provider layer: one request/result type per capability, one adapter per provider
// (a folder under src/generation/providers/<id>/), and the gateway (gateway.ts) that picks an
// adapter per public model from the catalogue. Generation code sees only `Providers` (below).

export type Capability =
  | 'chat' | 'image' | 'video' | 'speech' | 'transcription' | 'music' | 'embed'
  | 'removeBackground' | 'upscale' | 'model3d' | 'ocr' | 'translate' | 'imageTool';

export const CAPABILITIES: readonly Capability[] = [
  'chat', 'image', 'video', 'speech', 'transcription', 'music', 'embed', 'removeBackground', 'upscale', 'model3d', 'ocr', 'translate', 'imageTool',
];

/**
 * What one call used, in the units providers bill by. Every adapter result carries one; the
 * gateway multiplies it by the catalogue's rates to settle the charge (missing = not reported:
 * the reservation's estimate stands for that unit).
 */
export interface Usage {
  inputTokens?: number;
  outputTokens?: number;
  images?: number;
  seconds?: number;
  characters?: number;
  minutes?: number;
}

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant' | 'tool' | string;
  content: string;
  /** An assistant turn that asked for tools. */
  tool_calls?: ToolCall[];
  /** A `tool` message: the call it answers. */
  tool_call_id?: string;
}

/** A function the model may call: its name (`^[A-Za-z0-9_-]{1,64}$`), what it does, its JSON Schema. */
export interface ToolSpec {
  name: string;
  description: string;
  parameters: Record<string, unknown>;
}

/** One tool call the model asked for; `arguments` already parsed from the model's JSON. */
export interface ToolCall {
  id: string;
  name: string;
  arguments: Record<string, unknown>;
}

/** `auto`: the model decides; `required`: it must call a tool; `none`: it may not. */
export type ToolChoice = 'auto' | 'required' | 'none';

export interface ChatRequest {
  model: string;
  messages: ChatMessage[];
  temperature?: number;
  maxTokens?: number;
  /** Tools the model may call (OpenAI-compatible function calling). */
  tools?: ToolSpec[];
  toolChoice?: ToolChoice;
  /**
   * Ask for a JSON object. HTTP providers are sent `response_format: {type: "json_object"}` (the
   * schema goes in the prompt); the local model fills `schema` itself from the user messages.
   */
  responseFormat?: { type: 'json'; schema?: JsonSchema };
  signal?: AbortSignal;
}

/** The part of JSON Schema structured answers use. */
export interface JsonSchema {
  type?: string | string[];
  description?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  enum?: unknown[];
  minimum?: number;
  maximum?: number;
  items?: JsonSchema;
}

export interface ChatResult {
  text: string;
  /** Token counts in the chat contract's names (persisted in agent histories: keep the shape). */
  usage: { prompt_tokens: number; completion_tokens: number };
  model: string;
  /** Present (non-empty) when the model asked for tools instead of (or besides) answering. */
  toolCalls?: ToolCall[];
  /** Which route answered (set by the gateway). */
  served?: Served;
}

/** One streamed piece of a chat answer (adapters that stream yield these; the last has usage). */
export interface ChatDelta {
  text?: string;
  toolCalls?: ToolCall[];
  usage?: Usage;
  done?: boolean;
}

export interface ImageRequest {
  model: string;
  prompt: string;
  width: number;
  height: number;
  /**
   * What the picture holds, structured (Story Studio's keyframes and character sheets). The local
   * provider draws it; HTTP providers are sent the prompt, which says the same in words.
   */
  composition?: ImageComposition;
  signal?: AbortSignal;
}

/** Colours and font of a visual style. */
export interface Palette {
  sky: [string, string];
  ground: string;
  accents: string[];
  ink: string;
  font: string;
}

export interface SceneComposition {
  kind: 'scene';
  palette: Palette;
  seed: number;
  sceneIndex: number;
  title: string;
  description: string;
  camera: CameraMove;
  characters: Array<{ name: string }>;
  version: number;
}

export interface PortraitComposition {
  kind: 'portrait';
  palette: Palette;
  seed: number;
  name: string;
  role: string;
  description: string;
  version: number;
}

export type ImageComposition = SceneComposition | PortraitComposition;

export type CameraMove = 'push-in' | 'pull-out' | 'pan-left' | 'pan-right' | 'tilt-up' | 'tilt-down' | 'static' | 'orbit';
export type MotionIntensity = 'low' | 'medium' | 'high';

/**
 * A produced file, byte for byte as the provider returned it: `mime` is what it is (a provider's
 * JPEG stays a JPEG), so consumers must not assume PNG/WAV/MP4 unless the local provider made it.
 */
export interface MediaResult<M extends string = string> {
  data: Buffer;
  mime: M;
  /** What the call used (seconds of video, characters of speech, images…), set by adapters. */
  usage?: Usage;
  /** Which route answered (set by the gateway). */
  served?: Served;
}

/** The route that served a call: the provider id and the upstream model it was sent. */
export interface Served {
  provider: ProviderId;
  model: string;
}

export interface SpeechRequest {
  model: string;
  input: string;
  voice: string;
  /** ISO 639-1 language of `input` (the local provider picks its voice by it). */
  language?: string;
  /** 0.25 to 4, 1 = the voice's own pace. */
  speed?: number;
  signal?: AbortSignal;
}

export interface VideoRequest {
  model: string;
  prompt: string;
  /** Clip length; providers clamp it to what they can do. */
  seconds?: number;
  width?: number;
  height?: number;
  /** Image-to-video: the clip animates this still (at its size) with a camera move. */
  still?: { image: Buffer; camera: CameraMove; motion: MotionIntensity; fps: 24 | 30 };
  signal?: AbortSignal;
}

export type Model3dFormat = 'glb' | 'gltf' | 'obj';

export interface Model3dRequest {
  /** Public 3D model id (the local one when absent). */
  model?: string;
  image: Buffer;
  format: Model3dFormat;
  signal?: AbortSignal;
}

export interface EmbedRequest {
  /** Public embedding model id; the catalogue's default embedding model when absent. */
  model?: string;
  /** Texts to embed, in order. */
  input: string[];
  signal?: AbortSignal;
}

export interface EmbedResult {
  /** The embedding model that made the vectors (vectors of different models are not comparable). */
  model: string;
  dimensions: number;
  vectors: number[][];
  usage?: Usage;
  served?: Served;
}

export interface TranscriptionRequest {
  model: string;
  /** The audio file's bytes and its name (providers infer the container from it). */
  audio: Buffer;
  filename: string;
  language?: string;
  /** Words that help recognition (OpenAI's `prompt`). */
  prompt?: string;
  /** Ask for segments with timings (verbose_json / srt / vtt are built from them). */
  timestamps?: boolean;
  signal?: AbortSignal;
}

export interface TranscriptSegment {
  start: number;
  end: number;
  text: string;
}

export interface TranscriptionResult {
  text: string;
  language?: string;
  /** Length of the audio in seconds (also `usage.seconds`/`minutes`). */
  duration?: number;
  segments?: TranscriptSegment[];
  usage?: Usage;
  served?: Served;
}

export interface MusicRequest {
  model: string;
  prompt: string;
  /** Seconds of music asked for. */
  seconds: number;
  seed?: number;
  signal?: AbortSignal;
}

export interface UpscaleRequest {
  model: string;
  image: Buffer;
  /** 2 or 4 typically; providers clamp. */
  scale: number;
  signal?: AbortSignal;
}

/** An image-to-image tool (shadow, colorize, face restore, depth map, background replace/blur): the model names the tool. */
export interface ImageToolRequest { model: string; image: Buffer; params: Record<string, unknown>; background?: Buffer; signal?: AbortSignal }

export interface BackgroundRequest { model?: string; image: Buffer; signal?: AbortSignal }
export interface OcrRequest { model?: string; image: Buffer; signal?: AbortSignal }
export interface OcrResult { text: string; usage?: Usage; served?: Served }
export interface TranslateRequest { model?: string; text: string; target: string; source?: string; signal?: AbortSignal }
export interface TranslateResult { text: string; source: string; usage?: Usage; served?: Served }

// ---------------------------------------------------------------------------------------------
// Adapters: what a provider folder implements.

/** Every provider the catalogue may name. An id without a registered adapter is never "configured". */
export const PROVIDER_IDS = ['local', 'openai', 'anthropic', 'google', 'replicate', 'fal', 'elevenlabs', 'ollama', 'comfyui'] as const;
export type ProviderId = (typeof PROVIDER_IDS)[number];

/** A provider's settings (ATELIER_<P>_BASE_URL / ATELIER_<P>_API_KEY, plus the adapter's extras). */
export interface ProviderSettings {
  baseUrl?: string;
  apiKey?: string;
  /** Adapter-specific settings (e.g. a webhook secret), by setting name. */
  extra: Record<string, string | undefined>;
  timeoutMs: number;
}

/** Passed to every handler call: the route being tried and the caller's abort signal. */
export interface CallContext {
  route: Route;
  signal?: AbortSignal;
  timeoutMs: number;
  /** Set when a durable provider job calls submit (src/generation/provider-jobs/). */
  job?: JobContext;
}

/**
 * The Atelier job a provider job belongs to: `id` doubles as the idempotency key where the
 * provider takes one, and `webhookUrl` (absent when PUBLIC_BASE_URL is not set) is where the
 * provider should report completion (polling finishes the job either way).
 */
export interface JobContext {
  id: string;
  webhookUrl?: string;
}

/** One way to serve a public model: a provider, the id it knows the model by, and its rates. */
export interface Route {
  provider: ProviderId;
  /** The model id sent upstream (`$1` already replaced for pattern ids like `ollama/<model>`). */
  model: string;
  /** Extra request parameters merged into the upstream request (catalogue `params`). */
  params: Record<string, unknown>;
  /** The provider's cost per unit, USD (see catalogue.ts `CostRates`). */
  cost: CostRates;
}

/** Provider cost rates in USD per unit; a route bills only the units it names. */
export interface CostRates {
  per_1m_input_tokens?: number;
  per_1m_output_tokens?: number;
  per_image?: number;
  per_second?: number;
  per_1k_characters?: number;
  per_minute?: number;
  /** One flat amount per call (3D models, OCR pages, background removals…). */
  per_request?: number;
}

/** A short call: one request, one answer. */
export interface RunHandler<Req, Res> {
  run(req: Req, ctx: CallContext): Promise<Res>;
}

/** A streaming chat: yields deltas; the last carries the usage. */
export interface StreamHandler<Req> {
  stream(req: Req, ctx: CallContext): AsyncIterable<ChatDelta>;
}

export type JobState = 'queued' | 'running' | 'succeeded' | 'failed' | 'canceled';

/** A provider job's output: the bytes, or a URL the provider hands back (to be copied, then forgotten). */
export type JobOutput = { data: Buffer; mime: string } | { url: string; mime?: string };

export interface JobStatus {
  status: JobState;
  /** 0..1 when the provider reports it. */
  progress?: number;
  /** Present when `status` is `succeeded`. */
  output?: JobOutput;
  usage?: Usage;
  /** Present when `status` is `failed`: already classified (errors.ts). */
  error?: { kind: ProviderErrorKind; message: string };
}

/**
 * A long render (video, music, 3D): submit returns the provider's job id at once; poll reads its
 * state; cancel stops it. Durable workers (Temporal) record `jobId` before anything else and may
 * call poll/cancel from another process, so these must need nothing but the id and the route.
 */
export interface JobHandler<Req> {
  submit(req: Req, ctx: CallContext): Promise<{ jobId: string }>;
  poll(jobId: string, ctx: CallContext): Promise<JobStatus>;
  cancel(jobId: string, ctx: CallContext): Promise<void>;
  /**
   * A provider's completion webhook, verified (throw ProviderError kind 'auth' on a bad signature):
   * the job it is about and its state, or null when the delivery is not about a job.
   */
  parseWebhook?(headers: Record<string, string | string[] | undefined>, rawBody: Buffer): Promise<{ jobId: string; status: JobStatus } | null>;
}

/** A capability is served either in one call or as a job (long renders may be either). */
export type Handler<Req, Res> = RunHandler<Req, Res> | JobHandler<Req>;

export interface CapabilityHandlers {
  chat: RunHandler<ChatRequest, ChatOutput> & Partial<StreamHandler<ChatRequest>>;
  image: RunHandler<ImageRequest, MediaResult> & { edit?(req: ImageEditRequest, ctx: CallContext): Promise<MediaResult> };
  video: Handler<VideoRequest, MediaResult>;
  speech: RunHandler<SpeechRequest, MediaResult>;
  transcription: RunHandler<TranscriptionRequest, TranscriptionResult>;
  music: Handler<MusicRequest, MediaResult>;
  embed: RunHandler<EmbedRequest & { model: string }, EmbedResult>;
  removeBackground: RunHandler<BackgroundRequest, MediaResult>;
  upscale: RunHandler<UpscaleRequest, MediaResult>;
  imageTool: RunHandler<ImageToolRequest, MediaResult>;
  model3d: Handler<Model3dRequest, MediaResult>;
  ocr: RunHandler<OcrRequest, OcrResult>;
  translate: RunHandler<TranslateRequest, TranslateResult>;
}

/** Chat as adapters answer it: the chat contract's fields plus usage in the one shape. */
export interface ChatOutput {
  text: string;
  model: string;
  toolCalls?: ToolCall[];
  usage: Usage;
}

export interface ImageEditRequest extends ImageRequest {
  /** The picture to change, and optionally a mask (transparent = repaint). */
  image: Buffer;
  mask?: Buffer;
}

/** One provider: its id and the capabilities it serves. */
export interface ProviderAdapter {
  id: ProviderId;
  capabilities: Partial<CapabilityHandlers>;
}

/** How the registry builds an adapter, and whether a deployment has configured it. */
export interface AdapterFactory {
  id: ProviderId;
  /** The capabilities its adapter has handlers for (known without building a client). */
  serves: readonly Capability[];
  /** True when the settings are enough to call it (a key; for Ollama/ComfyUI a base URL). */
  configured(settings: ProviderSettings): boolean;
  create(settings: ProviderSettings): ProviderAdapter;
  /** Extra setting names the adapter reads into `settings.extra` (documented, validated as strings). */
  extraSettings?: readonly string[];
}

export const isJobHandler = <Req>(h: Handler<Req, unknown>): h is JobHandler<Req> => 'submit' in h;

// ---------------------------------------------------------------------------------------------
// The facade generation code calls (`deps.providers`), built by the gateway.

export interface ChatProvider { chat(req: ChatRequest): Promise<ChatResult> }
export interface EmbedProvider { embed(req: EmbedRequest): Promise<EmbedResult> }
export interface ImageProvider { image(req: ImageRequest): Promise<MediaResult> }
export interface SpeechProvider { speech(req: SpeechRequest): Promise<MediaResult> }
export interface VideoProvider { video(req: VideoRequest): Promise<MediaResult> }
export interface BackgroundRemovalProvider { removeBackground(req: BackgroundRequest): Promise<MediaResult> }
export interface OcrProvider { ocr(req: OcrRequest): Promise<OcrResult> }
export interface Model3dProvider { model3d(req: Model3dRequest): Promise<MediaResult> }
export interface TranslateProvider { translate(req: TranslateRequest): Promise<TranslateResult> }
export interface TranscriptionProvider { transcription(req: TranscriptionRequest): Promise<TranscriptionResult> }
export interface MusicProvider { music(req: MusicRequest): Promise<MediaResult> }
export interface UpscaleProvider { upscale(req: UpscaleRequest): Promise<MediaResult> }
export interface ImageToolProvider { imageTool(req: ImageToolRequest): Promise<MediaResult> }

/**
 * Everything generation code calls. Each method resolves `req.model` through the catalogue to its
 * routes, tries them in order (fallback, breakers, limits: gateway.ts) and throws an ApiError in
 * the API's shapes: 403 model_not_available, 400 content_filtered, 422 for a provider-rejected
 * input, 502/503 when every route failed.
 */
export interface Providers
  extends ChatProvider, ImageProvider, SpeechProvider, VideoProvider, BackgroundRemovalProvider, OcrProvider, Model3dProvider, TranslateProvider, EmbedProvider,
    TranscriptionProvider, MusicProvider, UpscaleProvider, ImageToolProvider {
  /**
   * Per capability: the provider a legacy ATELIER_PROVIDER/ATELIER_PROVIDERS setting pins it to,
   * `none`, or `auto` (the catalogue's routes over every configured provider: the default).
   */
  readonly serving: Readonly<Record<Capability, ProviderKind>>;
  /** True when some configured provider serves the capability. */
  available(capability: Capability): boolean;
  /** The routes of `model` this deployment can call now, in order (empty: model_not_available). */
  routesFor(capability: Capability, model: string): Route[];
  /** The adapter's job handler for a route, for durable workers (submit/poll/cancel/webhooks). */
  jobHandler(capability: 'video' | 'music' | 'model3d', provider: ProviderId): JobHandler<unknown> | undefined;
}

export type ProviderKind = ProviderId | 'auto' | 'none';

/**
 * How a provider failed, decided at the adapter's edge: whether the gateway falls back to the next
 * route (retryable, rate_limited, unavailable, auth) or answers the caller (client, content_refused).
 */
export type ProviderErrorKind = 'retryable' | 'rate_limited' | 'client' | 'content_refused' | 'unavailable' | 'auth';
