import express, { type Express, type Router } from 'express';
import type { Deps } from './deps';
import { accessChain, endpointCaps } from './platform/auth/access-chain';
import { errorHandler, notFoundHandler } from './infra/http/error-middleware';
import { requestLogger } from './infra/logging/logger';
import { requestId } from './infra/http/request-id';
import { markPublic } from './infra/http/openapi';
import { docsRoutes } from './infra/http/docs-routes';
import { createMetrics, httpMetrics, metricsRoutes, routePatterns } from './infra/metrics/metrics';
import { httpTracing, withRequestTraceContext } from './infra/tracing/tracing';
import { securityHeaders } from './infra/http/security-headers';
import { requireMediumPlan } from './platform/tiers/plan-gate';
import { rejectNulCharacters, verifyJsonDepth } from './infra/http/input-guard';
import { billingRoutes } from './platform/billing/balance-routes';
import { keyRoutes } from './platform/auth/routes';
import { consoleRoutes } from './platform/console/routes';
import { tierRoutes } from './platform/tiers/routes';
import { fileRoutes } from './storage/routes/files';
import { publicFileRoutes, simpleBucketRoutes } from './storage/routes/simple-buckets';
import { objectStoreRoutes } from './storage/routes/object-store';
import { s3EventRoutes } from './storage/routes/s3-events';
import { healthRoutes } from './infra/http/health-routes';
import { systemRoutes } from './infra/temporal/ping-routes';
import { workflowRoutes } from './engine/routes/workflows';
import { nodeCatalogueRoutes } from './engine/routes/nodes';
import { runRoutes } from './engine/routes/runs';
import { rerunRoutes } from './engine/incidents/rerun-routes';
import { widgetRoutes } from './engine/widget/routes';
import { approvalRoutes, publicApprovalLinkRoutes } from './engine/approvals/routes';
import { templateRoutes } from './engine/workflow-templates/routes';
import { testRoutes } from './engine/tests/routes';
import { simulateRoutes } from './engine/simulate/routes';
import { canaryRoutes } from './engine/canary/routes';
import { incidentRoutes } from './engine/incidents/routes';
import { connectionRoutes } from './engine/connections/routes';
import { publicHookRoutes } from './engine/hooks/public-routes';
import { hookRoutes } from './engine/hooks/routes';
import { scheduleRoutes } from './engine/schedules/routes';
import { ratePolicyRoutes } from './engine/rate-policies/routes';
import { auditRoutes } from './engine/audit/routes';
import { agentToolRoutes } from './engine/agent/routes';
import { knowledgeRoutes } from './engine/knowledge/routes';
import { analyticsRoutes } from './engine/analytics/routes';
import { storyRoutes } from './story/routes';
import { billingPublicRoutes, walletRoutes } from './platform/billing/routes';
import { stripeWebhookRoutes } from './platform/billing/stripe/webhook';
import { emailVerificationPublicRoutes, emailVerificationRoutes } from './platform/accounts/email-verification';
import { webhookRoutes } from './platform/webhooks/routes';
import { generationRoutes } from './generation/routes';
import { imageToolRoutes } from './generation/image-tools/routes';
import { providerJobRoutes, providerWebhookRoutes } from './generation/provider-jobs/routes';
import { multipartAudio } from './generation/multipart-audio';
import { translateLanguageRoutes } from './generation/translate-languages';
import { routingRoutes } from './platform/routing/routes';
import { assetRoutes } from './platform/assets/routes';
import { voiceRoutes } from './voice/routes';
import { voiceDemoRoutes } from './voice/demo-routes';
import { viewerRoutes } from './engine/routes/viewer';
import { voiceErrorEnvelope } from './voice/errors';
import { prefixGate } from './infra/http/prefix-gate';

/** The HTTP edge: request ids and logs, JSON parsing, per-endpoint caps, public routes, access checks, authenticated routes, errors. */
export function createApp(deps: Deps): Express {
  const app = express();
  app.disable('x-powered-by');
  // X-Forwarded-For is believed only from the proxies TRUST_PROXY names (default: none).
  app.set('trust proxy', deps.config.trustProxy);
  app.set('query parser', 'extended');
  const metrics = createMetrics(deps);
  app.use(requestId);
  app.use(requestLogger(deps.logger));
  app.use(httpMetrics(metrics, () => app));
  // OpenTelemetry: a server span per request, its context carried into the handlers (tracing on only).
  const tracing = deps.tracing;
  if (tracing) app.use(httpTracing(tracing, routePatterns(() => app)));
  app.use(securityHeaders);
  // Public hooks and the Stripe webhook: no Bearer, and signed over the raw body, so ahead of the JSON parser.
  app.use(markPublic(prefixGate(publicHookRoutes(deps))));
  app.use(markPublic(prefixGate(providerWebhookRoutes(deps))));
  app.use(markPublic(prefixGate(stripeWebhookRoutes(deps))));
  app.use(express.json({ limit: deps.config.maxBody, strict: true, verify: verifyJsonDepth }));
  app.use(rejectNulCharacters);
  if (tracing) app.use(withRequestTraceContext);

  app.use(endpointCaps(deps));
  // OpenAI's multipart audio upload, read into req.body so validation and idempotency see it.
  app.use('/v1/ai/audio/transcriptions', multipartAudio());
  for (const router of publicRoutes(deps)) app.use(markPublic(prefixGate(router)));
  // /metrics, /openapi.json and /docs need no API key (/metrics takes ATELIER_METRICS_TOKEN when set).
  app.use(markPublic(prefixGate(metricsRoutes(deps, metrics))), markPublic(prefixGate(docsRoutes(deps, () => app))));

  // authenticate → tier (X-Tier) → key type/scope/IP → tier and key windows → idempotency
  app.use(['/v1', '/engine/v1'], ...accessChain(deps));
  if (tracing) app.use(['/v1', '/engine/v1'], withRequestTraceContext);
  // The engine's table lists paths starting with /v1 under the /engine/v1 base.
  const engine = engineRoutes(deps).map(prefixGate);
  if (engine.length) {
    app.use('/engine/v1', requireMediumPlan('The workflow engine', `${deps.config.publicBaseUrl}/v1/tiers/compare`));
    app.use('/engine/v1/v1', ...engine);
    app.use('/engine/v1', ...engine);
  }
  app.use('/v1', ...v1Routes(deps).map(prefixGate));

  // Under /v1/voice every error, the access chain's included, is `{detail: <string>}`.
  app.use('/v1/voice', voiceErrorEnvelope);
  app.use(notFoundHandler);
  app.use(errorHandler(deps.logger));
  return app;
}

// The mount list: each product and platform domain contributes its routers here.

/** Routes that need no API key; mounted at the root. Capabilities add theirs here. */
export function publicRoutes(deps: Deps): Router[] {
  return [healthRoutes(deps), fileRoutes(deps), publicFileRoutes(deps), s3EventRoutes(deps), consoleRoutes(deps), emailVerificationPublicRoutes(deps), billingPublicRoutes(), voiceDemoRoutes(deps), viewerRoutes(deps), publicApprovalLinkRoutes(deps)];
}

/** Authenticated `/v1` routes; each router's paths are relative to `/v1`. */
export function v1Routes(deps: Deps): Router[] {
  return [billingRoutes(deps), systemRoutes(deps), keyRoutes(deps), tierRoutes(deps), storyRoutes(deps), walletRoutes(deps), emailVerificationRoutes(deps), webhookRoutes(deps), generationRoutes(deps), translateLanguageRoutes(), routingRoutes(deps), assetRoutes(deps), simpleBucketRoutes(deps), objectStoreRoutes(deps), voiceRoutes(deps), providerJobRoutes(deps), imageToolRoutes(deps)];
}

/** Authenticated workflow-engine routes, served under `/engine/v1/v1` (and `/engine/v1`). */
export function engineRoutes(deps: Deps): Router[] {
  return [workflowRoutes(deps), nodeCatalogueRoutes(deps), runRoutes(deps), scheduleRoutes(deps), ratePolicyRoutes(deps), auditRoutes(deps), hookRoutes(deps), connectionRoutes(deps), canaryRoutes(deps), incidentRoutes(deps), testRoutes(deps), simulateRoutes(deps), widgetRoutes(deps), approvalRoutes(deps), templateRoutes(deps), rerunRoutes(deps), agentToolRoutes(deps), knowledgeRoutes(deps), analyticsRoutes(deps)];
}
