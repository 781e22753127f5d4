// What the image toolbox accepts and answers (the same schemas document /openapi.json).
import { z } from 'zod';
import { BillingBlockView } from '../../platform/billing/views';
import { OutputLocationView } from '../../platform/routing/output';
import { FORMATS, TOOL_NAMES, TOOL_PARAMS, toolParamProblems, type ToolName, type ToolParams } from './tools';

/** One tool call's answer: the result's Atelier URL, its size and format, and the billing block. */
export const ImageToolView = z.object({
  id: z.string(),
  job_id: z.string(),
  object: z.literal('image.tool'),
  tool: z.enum(TOOL_NAMES as [ToolName, ...ToolName[]]),
  status: z.literal('completed'),
  created: z.number().int().describe('Unix seconds'),
  model: z.string(),
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  format: z.enum(FORMATS),
  mime_type: z.string(),
  input: z.object({ width: z.number().int(), height: z.number().int() }),
  output: OutputLocationView,
  sandbox: z.boolean(),
  billing: BillingBlockView,
});

/** Most images one batch takes. */
export const MAX_BATCH_IMAGES = 50;

const output = z.object({ destination_id: z.string().optional(), path_template: z.string().optional() }).strict().optional();

export const batchBody = z
  .object({
    operation: z.enum(TOOL_NAMES as [ToolName, ...ToolName[]]),
    images: z.array(z.object({ image_url: z.string().min(1).max(4096) }).passthrough()).min(1).max(MAX_BATCH_IMAGES)
      .describe('each {image_url, ...the operation\'s fields for this image}, which override params'),
    params: z.record(z.string(), z.unknown()).default({}).describe('the operation\'s fields shared by every image'),
    output,
  })
  .superRefine((v, ctx) => {
    const schema = TOOL_PARAMS[v.operation] as z.ZodTypeAny;
    v.images.forEach((item, i) => {
      const { image_url: _url, ...own } = item;
      const merged = { ...v.params, ...own };
      const parsed = schema.safeParse(merged);
      if (!parsed.success) {
        for (const issue of parsed.error.issues) {
          const field = issue.path[0];
          const where = typeof field === 'string' && field in own ? ['images', i, ...issue.path] : ['params', ...issue.path];
          ctx.addIssue({ code: z.ZodIssueCode.custom, path: where, message: issue.message });
        }
        return;
      }
      for (const [field, message] of toolParamProblems(v.operation, parsed.data as ToolParams)) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, path: field in own ? ['images', i, field] : ['params', field], message });
      }
    });
  });

export type BatchBody = z.output<typeof batchBody>;
