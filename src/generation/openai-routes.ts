// OpenAI-shaped routes beside the platform's own, so the official `openai` client pointed at
// `<atelier>/v1/ai` works: embeddings and image generations. Same pipeline (price, 402, charge,
// output routing, billing block) as every other generation. Paths relative to /v1.
import { Router } from 'express';
import { z } from 'zod';
import type { Deps } from '../deps';
import { detail } from '../infra/http/errors';
import { route } from '../infra/http/route';
import { countTokens } from './providers/local/chat';
import { resolveModel, runSync } from './pipeline';
import { DEFAULT_MODELS } from './prices';
import { EmbeddingsView, OpenAiImagesView } from './views';

const embeddingsBody = z.object({
  input: z.union([z.string().min(1).max(100_000), z.array(z.string().min(1).max(100_000)).min(1).max(2048)]),
  model: z.string().min(1).max(200).optional(),
  encoding_format: z.enum(['float', 'base64']).default('float'),
  dimensions: z.number().int().min(1).max(8192).optional(),
  user: z.string().max(256).optional(),
});

const SIZES = ['256x256', '512x512', '1024x1024', '1536x1024', '1024x1536', '1792x1024', '1024x1792', 'auto'] as const;
const imagesBody = z.object({
  prompt: z.string().min(1).max(4000),
  model: z.string().min(1).max(200).optional(),
  n: z.number().int().min(1).max(1, 'One image per request (n=1)').default(1),
  size: z.enum(SIZES).default('1024x1024'),
  response_format: z.enum(['url', 'b64_json']).default('url'),
  quality: z.string().max(20).optional(),
  style: z.string().max(20).optional(),
  background: z.string().max(20).optional(),
  output_format: z.enum(['png']).optional(),
  user: z.string().max(256).optional(),
  output: z.object({ destination_id: z.string().optional(), path_template: z.string().optional() }).strict().optional(),
});

/** A vector cut to `dimensions` and scaled back to unit length (how OpenAI shortens its v3 embeddings). */
function shorten(v: number[], dimensions: number): number[] {
  const cut = v.slice(0, dimensions);
  const norm = Math.sqrt(cut.reduce((n, x) => n + x * x, 0));
  return norm > 0 ? cut.map((x) => x / norm) : cut;
}

/** OpenAI's base64 encoding: the float32 little-endian bytes. */
function base64Of(v: number[]): string {
  const buf = Buffer.alloc(v.length * 4);
  v.forEach((x, i) => buf.writeFloatLE(x, i * 4));
  return buf.toString('base64');
}

const created = () => Math.floor(Date.now() / 1000);

export function openAiRoutes(deps: Deps): Router {
  const router = Router();

  router.post(
    '/ai/embeddings',
    route({ body: embeddingsBody, response: EmbeddingsView, summary: 'Embeddings (OpenAI-compatible)', errors: [402] }, async ({ auth, body }) => {
      const { model, price } = resolveModel('embeddings', body.model, DEFAULT_MODELS.embeddings);
      const input = typeof body.input === 'string' ? [body.input] : body.input;
      const tokens = input.reduce((n, t) => n + countTokens(t), 0);
      let vectors: number[][] = [];
      const r = await runSync(
        deps, auth,
        { type: 'embeddings', model, price, quantities: { input: tokens / 1000 }, request: { inputs: input.length, tokens, dimensions: body.dimensions ?? null }, producesFile: false },
        async (providers) => {
          const out = await providers.embed({ model, input });
          if (body.dimensions !== undefined && body.dimensions > out.dimensions) {
            throw detail(400, `Model '${model}' makes ${out.dimensions}-dimensional vectors; dimensions must be at most ${out.dimensions}.`);
          }
          vectors = body.dimensions !== undefined && body.dimensions < out.dimensions ? out.vectors.map((v) => shorten(v, body.dimensions!)) : out.vectors;
          // Vectors are not kept in the job record (they can be megabytes); their count and size are.
          return { result: { vectors: vectors.length, dimensions: vectors[0]?.length ?? 0 } };
        },
      );
      return {
        object: 'list' as const,
        data: vectors.map((v, index) => ({ object: 'embedding' as const, index, embedding: body.encoding_format === 'base64' ? base64Of(v) : v })),
        model,
        usage: { prompt_tokens: tokens, total_tokens: tokens },
        job_id: r.prepared.jobId,
        sandbox: auth.sandbox,
        billing: r.billing,
      };
    }),
  );

  router.post(
    '/ai/images/generations',
    route({ body: imagesBody, response: OpenAiImagesView, summary: 'Generate an image (OpenAI-compatible)', errors: [402] }, async ({ auth, body }) => {
      const { model, price } = resolveModel('image', body.model, DEFAULT_MODELS.image);
      const [width, height] = body.size === 'auto' ? [1024, 1024] : body.size.split('x').map(Number) as [number, number];
      let bytes: Buffer | undefined;
      const r = await runSync(
        deps, auth,
        { type: 'image', model, price, request: { prompt: body.prompt, width, height, output: body.output }, output: body.output, producesFile: true },
        async (providers) => {
          const img = await providers.image({ model, prompt: body.prompt, width, height });
          bytes = img.data;
          return { file: { data: img.data, ext: extOf(img.mime), name: 'image' }, result: {} };
        },
      );
      const item = body.response_format === 'b64_json' ? { b64_json: bytes!.toString('base64'), revised_prompt: body.prompt } : { url: r.stored!.url, revised_prompt: body.prompt };
      return { created: created(), data: [item], job_id: r.prepared.jobId, model, output: r.stored!.output, sandbox: auth.sandbox, billing: r.billing };
    }),
  );

  return router;
}

/** A file extension for a provider's image type (providers may answer JPEG or WebP). */
export const extOf = (mime: string) => (mime === 'image/jpeg' ? 'jpg' : mime === 'image/webp' ? 'webp' : 'png');
