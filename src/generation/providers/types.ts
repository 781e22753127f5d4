// The provider layer: one interface per capability, so the local offline provider and
// HTTP providers are interchangeable per capability.

export type Capability = 'chat' | 'image' | 'speech' | 'video' | 'removeBackground' | 'ocr' | 'model3d' | 'translate' | 'embed';

export const CAPABILITIES: readonly Capability[] = ['chat', 'image', 'speech', 'video', 'removeBackground', 'ocr', 'model3d', 'translate', 'embed'];

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
  usage: { prompt_tokens: number; completion_tokens: number };
  model: string;
  /** Present (non-empty) when the model asked for tools instead of (or besides) answering. */
  toolCalls?: ToolCall[];
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

export interface MediaResult<M extends string = string> {
  data: Buffer;
  mime: M;
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
  image: Buffer;
  format: Model3dFormat;
  signal?: AbortSignal;
}

export interface EmbedRequest {
  /** Texts to embed, in order. */
  input: string[];
  signal?: AbortSignal;
}

export interface EmbedResult {
  /** The embedding model that made the vectors (vectors of different models are not comparable). */
  model: string;
  dimensions: number;
  vectors: number[][];
}

export interface ChatProvider { chat(req: ChatRequest): Promise<ChatResult> }
export interface EmbedProvider { embed(req: EmbedRequest): Promise<EmbedResult> }
export interface ImageProvider { image(req: ImageRequest): Promise<MediaResult<'image/png'>> }
export interface SpeechProvider { speech(req: SpeechRequest): Promise<MediaResult<'audio/wav'>> }
export interface VideoProvider { video(req: VideoRequest): Promise<MediaResult<'video/mp4'>> }
export interface BackgroundRemovalProvider { removeBackground(req: { image: Buffer; signal?: AbortSignal }): Promise<MediaResult<'image/png'>> }
export interface OcrProvider { ocr(req: { image: Buffer; signal?: AbortSignal }): Promise<{ text: string }> }
export interface Model3dProvider { model3d(req: Model3dRequest): Promise<MediaResult> }
export interface TranslateProvider { translate(req: { text: string; target: string; source?: string; signal?: AbortSignal }): Promise<{ text: string; source: string }> }

/** Everything generation code calls; each method answers 503 (ProviderUnavailableError) when unconfigured. */
export interface Providers
  extends ChatProvider, ImageProvider, SpeechProvider, VideoProvider, BackgroundRemovalProvider, OcrProvider, Model3dProvider, TranslateProvider, EmbedProvider {
  /** Which provider serves each capability (`local`, `openai` or `none`). */
  readonly serving: Readonly<Record<Capability, ProviderKind>>;
  /** True when some provider serves the capability. */
  available(capability: Capability): boolean;
}

export type ProviderKind = 'local' | 'openai' | 'none';
