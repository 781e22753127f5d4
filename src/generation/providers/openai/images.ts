// Images: generations and edits. The picture is returned as the provider made it (gpt-image-1's
// PNG/JPEG/WebP, as asked with output_format), its type sniffed from the bytes.
import { toFile } from 'openai';
import { sniffContentType } from '../../../storage/sniff';
import { ProviderError } from '../errors';
import type { CallContext, ImageEditRequest, ImageRequest, MediaResult } from '../types';
import { openaiCall, requestOptions, type OpenAiClients } from './api';

/** gpt-image models always answer base64 and refuse `response_format`; DALL·E and compatible servers need it. */
const needsResponseFormat = (model: string) => !model.startsWith('gpt-image');

function decode(data: Array<{ b64_json?: string | null }> | undefined, model: string): MediaResult {
  const b64 = data?.[0]?.b64_json;
  if (!b64) throw new ProviderError('retryable', 'image: response has no data[0].b64_json', { provider: 'openai' });
  const bytes = Buffer.from(b64, 'base64');
  const mime = sniffContentType(bytes.subarray(0, 64));
  if (!mime.startsWith('image/')) throw new ProviderError('retryable', `image: ${model} answered ${mime}, not an image`, { provider: 'openai' });
  return { data: bytes, mime, usage: { images: 1 } };
}

export function openaiImages(clients: OpenAiClients) {
  return {
    async run(req: ImageRequest, ctx: CallContext): Promise<MediaResult> {
      const model = clients.model('IMAGE', ctx);
      const res = await openaiCall('image', () => clients.client('IMAGE').images.generate({
        model, prompt: req.prompt, n: 1, size: `${req.width}x${req.height}` as '1024x1024',
        ...(needsResponseFormat(model) ? { response_format: 'b64_json' as const } : {}),
        ...ctx.route.params,
      }, requestOptions(ctx)));
      return decode(res.data, model);
    },
    async edit(req: ImageEditRequest, ctx: CallContext): Promise<MediaResult> {
      const model = clients.model('IMAGE', ctx);
      const res = await openaiCall('image edit', async () => clients.client('IMAGE').images.edit({
        model, prompt: req.prompt, n: 1, size: `${req.width}x${req.height}` as '1024x1024',
        image: await toFile(req.image, 'image.png', { type: sniffContentType(req.image.subarray(0, 64)) }),
        ...(req.mask ? { mask: await toFile(req.mask, 'mask.png', { type: 'image/png' }) } : {}),
        ...(needsResponseFormat(model) ? { response_format: 'b64_json' as const } : {}),
        ...ctx.route.params,
      }, requestOptions(ctx)));
      return decode(res.data, model);
    },
  };
}
