// POST /v1/images/{background,shadow,colorize,face-restore,depth-map,upscale}: one image in by
// image_url, the result stored where routing says and answered at once with its Atelier URL;
// POST /v1/images/batch: one tool over many images as a durable job (batch.ts).
import { Router } from 'express';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { route } from '../../infra/http/route';
import { emitEvent } from '../../platform/webhooks/emit';
import { microsToUsd } from '../../platform/billing/money';
import { resolveModel, runSync } from '../pipeline';
import { JobAcceptedView } from '../views';
import { startImageBatch } from './batch';
import { applyTool, fetchToolInputs, TOOL_NAMES, TOOL_PARAMS, toolOperation, toolParamProblems, type ToolName, type ToolParams } from './tools';
import { batchBody, ImageToolView } from './views';

const output = z.object({ destination_id: z.string().optional(), path_template: z.string().optional() }).strict().optional();

/** A tool's body: image_url, its own fields, output, with the cross-field rules in the same 422. */
export function toolBody(tool: ToolName) {
  return TOOL_PARAMS[tool].extend({ image_url: z.string().min(1).max(4096), output }).superRefine((v, ctx) => {
    for (const [field, message] of toolParamProblems(tool, v as ToolParams)) ctx.addIssue({ code: z.ZodIssueCode.custom, path: [field], message });
  });
}

const SUMMARY: Record<ToolName, string> = {
  background: 'Remove, replace or blur the background of an image',
  shadow: 'Add a soft drop shadow under the subject of an image',
  colorize: 'Colorize a greyscale image (offline: an approximation)',
  'face-restore': 'Restore a face photo: denoise and sharpen (offline: an approximation)',
  'depth-map': 'A depth map of an image, nearer brighter (offline: an approximation)',
  upscale: 'Upscale an image 2x or 4x',
};

const created = () => Math.floor(Date.now() / 1000);

export function imageToolRoutes(deps: Deps): Router {
  const router = Router();
  for (const tool of TOOL_NAMES) {
    router.post(
      `/images/${tool}`,
      route({ body: toolBody(tool), response: ImageToolView, summary: SUMMARY[tool], errors: [402, 429] }, async ({ auth, body }) => {
        const params = body as ToolParams & { image_url: string; output?: z.infer<typeof output> };
        const op = toolOperation(tool, params);
        const { model, price } = resolveModel(op.type, op.model, op.model);
        // Inputs are fetched before any money moves: a bad URL is the caller's 400, never a charge.
        const inputs = await fetchToolInputs(deps, params.image_url, params);
        let made: Awaited<ReturnType<typeof applyTool>> | undefined;
        const r = await runSync(
          deps, auth,
          { type: op.type, model, price, request: { tool, ...params }, output: params.output, producesFile: true },
          async (providers) => {
            made = await applyTool(providers, tool, params, inputs, auth.sandbox);
            return { file: { data: made.data, ext: made.ext, name: tool }, result: {} };
          },
        );
        if (op.event) {
          await emitEvent(deps, auth.accountId, op.event, {
            job_id: r.prepared.jobId, model, mode: params.mode ?? null, output_url: r.stored!.url, width: made!.width, height: made!.height, format: made!.ext,
            billing: { method: 'wallet', usd_charged: microsToUsd(r.prepared.costMicros) },
          });
        }
        return {
          id: r.prepared.jobId, job_id: r.prepared.jobId, object: 'image.tool' as const, tool, status: 'completed' as const, created: created(), model,
          url: r.stored!.url, width: made!.width, height: made!.height, format: made!.ext, mime_type: made!.mime, input: { width: inputs.image.width, height: inputs.image.height },
          output: r.stored!.output, sandbox: auth.sandbox, billing: r.billing,
        };
      }),
    );
  }

  router.post(
    '/images/batch',
    route({ body: batchBody, status: 202, response: JobAcceptedView, summary: 'Run one image tool over up to 50 images (a job: poll GET /v1/jobs/{job_id})', errors: [402, 429] }, async ({ auth, body, req }) =>
      startImageBatch(deps, auth, req, body)),
  );
  return router;
}
