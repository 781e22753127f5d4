// The image toolbox's operations, one definition per tool: its body fields (zod), the operation
// type and model it is priced and routed as, the provider call, and the event it emits. The
// synchronous routes and the batch worker both run a tool through `applyTool`.
import sharp from 'sharp';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { DEFAULT_MODELS, type OperationType } from '../prices';
import type { Providers } from '../providers/types';
import { fetchImageInput } from '../inputs';

export const FORMATS = ['png', 'webp', 'jpeg'] as const;
export type Format = (typeof FORMATS)[number];
const MIME: Record<Format, string> = { png: 'image/png', webp: 'image/webp', jpeg: 'image/jpeg' };

const url = z.string().min(1).max(4096);
const format = z.enum(FORMATS).optional();

/** Per-tool fields besides image_url and output (also the per-item params of a batch). */
export const TOOL_PARAMS = {
  background: z.object({
    mode: z.enum(['remove', 'replace', 'blur']),
    background_prompt: z.string().min(1).max(1000).optional(),
    background_url: url.optional(),
    blur_radius: z.number().min(0.3).max(100).optional(),
    model: z.string().min(1).max(200).optional().describe('remove: a remove-background model of the catalogue (default atelier-rembg-v1)'),
    format,
  }),
  shadow: z.object({
    opacity: z.number().min(0).max(1).optional(),
    blur: z.number().min(0).max(100).optional(),
    offset_x: z.number().int().min(-500).max(500).optional(),
    offset_y: z.number().int().min(-500).max(500).optional(),
    format,
  }),
  colorize: z.object({ format }),
  'face-restore': z.object({ strength: z.number().min(0).max(1).optional(), format }),
  'depth-map': z.object({ format }),
  upscale: z.object({
    scale: z.union([z.literal(2), z.literal(4)]),
    model: z.string().min(1).max(200).optional().describe('an upscale model of the catalogue (default atelier-upscale-v1)'),
    format,
  }),
} as const;

export type ToolName = keyof typeof TOOL_PARAMS;
export const TOOL_NAMES = Object.keys(TOOL_PARAMS) as ToolName[];
export type ToolParams = Record<string, unknown> & { format?: Format; model?: string };

/** What a tool call is priced and routed as, and the event its success emits (if any). */
export function toolOperation(tool: ToolName, params: ToolParams): { type: OperationType; model: string; event: string | null } {
  switch (tool) {
    case 'background': {
      const mode = params.mode as 'remove' | 'replace' | 'blur';
      // remove-background emits background.removed from the pipeline itself.
      if (mode === 'remove') return { type: 'remove-background', model: params.model ?? DEFAULT_MODELS['remove-background'], event: null };
      return { type: 'image-tool', model: mode === 'replace' ? 'atelier-background-replace-v1' : 'atelier-background-blur-v1', event: mode === 'replace' ? 'background.replaced' : 'background.blurred' };
    }
    case 'shadow': return { type: 'image-tool', model: 'atelier-shadow-v1', event: 'shadow.added' };
    case 'colorize': return { type: 'image-tool', model: 'atelier-colorize-v1', event: null };
    case 'face-restore': return { type: 'image-tool', model: 'atelier-face-restore-v1', event: null };
    case 'depth-map': return { type: 'image-tool', model: 'atelier-depth-v1', event: null };
    case 'upscale': return { type: 'upscale', model: params.model ?? DEFAULT_MODELS.upscale, event: null };
  }
}

/** Cross-field rules zod's object shapes do not say; `[field, message]` pairs. */
export function toolParamProblems(tool: ToolName, params: ToolParams): Array<[string, string]> {
  if (tool !== 'background') return [];
  const out: Array<[string, string]> = [];
  if (params.mode === 'replace' && !params.background_prompt && !params.background_url) out.push(['background_prompt', 'mode replace needs background_prompt or background_url']);
  if (params.mode !== 'replace' && params.background_prompt !== undefined) out.push(['background_prompt', 'only with mode replace']);
  if (params.mode !== 'replace' && params.background_url !== undefined) out.push(['background_url', 'only with mode replace']);
  if (params.mode !== 'blur' && params.blur_radius !== undefined) out.push(['blur_radius', 'only with mode blur']);
  if (params.mode !== 'remove' && params.model !== undefined) out.push(['model', 'only with mode remove']);
  return out;
}

/** The inputs a tool reads, fetched like every user URL (SSRF guard, size cap, decoded as an image). */
export async function fetchToolInputs(deps: Deps, imageUrl: string, params: ToolParams, field = 'image_url') {
  const image = await fetchImageInput(deps, imageUrl, field);
  const background = typeof params.background_url === 'string' ? await fetchImageInput(deps, params.background_url, 'background_url') : undefined;
  return { image, background };
}

export interface ToolOutput { data: Buffer; ext: Format; mime: string; width: number; height: number }

/** Runs the tool on the providers (the gateway's routes, or the local provider for sandbox keys). */
export async function applyTool(
  providers: Providers,
  tool: ToolName,
  params: ToolParams,
  inputs: { image: { data: Buffer }; background?: { data: Buffer } },
  sandbox: boolean,
): Promise<ToolOutput> {
  const op = toolOperation(tool, params);
  // A sandbox key's mock comes from the local provider, which serves only the default models.
  const model = sandbox && op.type !== 'image-tool' ? DEFAULT_MODELS[op.type] : op.model;
  let out: { data: Buffer };
  if (op.type === 'remove-background') out = await providers.removeBackground({ model, image: inputs.image.data });
  else if (op.type === 'upscale') out = await providers.upscale({ model, image: inputs.image.data, scale: Number(params.scale) });
  else out = await providers.imageTool({ model, image: inputs.image.data, background: inputs.background?.data, params });
  return encode(out.data, params.format ?? 'png');
}

/** The result in the asked format (JPEG has no alpha: transparent pixels become white). */
async function encode(data: Buffer, fmt: Format): Promise<ToolOutput> {
  let img = sharp(data);
  if (fmt === 'jpeg') img = img.flatten({ background: '#ffffff' }).jpeg({ quality: 92 });
  else if (fmt === 'webp') img = img.webp({ quality: 92, alphaQuality: 100 });
  else img = img.png();
  const { data: bytes, info } = await img.toBuffer({ resolveWithObject: true });
  return { data: bytes, ext: fmt, mime: MIME[fmt], width: info.width, height: info.height };
}
