import { Router } from 'express';
import type { Deps } from '../deps';
import { route } from '../infra/http/route';
import { parseAdHocSession, parseCreateAgent, parsePaging, parsePatchAgent } from './agent-input';
import { AgentDeletedView, AgentListView, agentView, AgentView, AgentsService } from './agents';
import { voiceError } from './errors';
import { createLocalRealtimeProvider, createRealtimeProvider } from './realtime/index';
import { SessionsService, SessionView } from './sessions';
import { voiceList, VoiceListView } from './voices';

/**
 * Voice agents, mounted under /v1. Bodies are checked by hand rather than with a
 * zod schema: voice answers each bad field with its own 400 `{detail}`, not a 422 list.
 * Key types are enforced by the access chain: reads take any key, writes need write or admin.
 */
const SESSION_ERRORS = [400, 402, 502, 503];

export function voiceRoutes(deps: Deps): Router {
  const router = Router();
  const agents = new AgentsService(deps);
  const sessions = new SessionsService(deps, createRealtimeProvider(deps), createLocalRealtimeProvider(deps));
  const id = (params: Record<string, string | string[] | undefined>) => String(params.agent_id ?? '');

  router.get('/voice/voices', route({ summary: 'List the 26 voice ids (free, any key)', response: VoiceListView }, () => voiceList()));

  router.post('/voice/agents', route({ status: 201, summary: 'Create a voice agent', errors: [400], response: AgentView }, async ({ auth, req }) => agentView(await agents.create(auth.accountId, parseCreateAgent(req.body)))));

  router.get(
    '/voice/agents',
    route({ summary: 'List voice agents, newest first (limit 1–200, default 50; offset ≥ 0)', response: AgentListView }, async ({ auth, req }) => {
      const page = parsePaging(req.query as Record<string, unknown>);
      const rows = await agents.list(auth.accountId, page);
      return { agents: rows.map(agentView), count: rows.length, limit: page.limit, offset: page.offset };
    }),
  );

  router.get('/voice/agents/:agent_id', route({ summary: 'Get a voice agent', response: AgentView }, async ({ auth, req }) => agentView(await agents.get(auth.accountId, id(req.params)))));

  router.patch(
    '/voice/agents/:agent_id',
    route({ summary: 'Update a voice agent (any field; greeting null removes it, tools and metadata replace)', errors: [400], response: AgentView }, async ({ auth, req }) => {
      // An unknown agent is 404 whatever the body says; then the body is checked.
      await agents.get(auth.accountId, id(req.params));
      return agentView(await agents.update(auth.accountId, id(req.params), parsePatchAgent(req.body)));
    }),
  );

  router.delete('/voice/agents/:agent_id', route({ summary: 'Delete a voice agent', response: AgentDeletedView }, async ({ auth, req }) => agents.delete(auth.accountId, id(req.params))));

  router.post(
    '/voice/agents/:agent_id/sessions',
    route({ status: 201, summary: "Mint a realtime session for an agent (5 credits; refunded on 502/503)", errors: SESSION_ERRORS, response: SessionView }, async ({ auth, req }) => {
      const agent = await agents.get(auth.accountId, id(req.params));
      if (!agent.is_active) throw voiceError(400, 'This agent is inactive; PATCH is_active to true before minting a session');
      const { voice, instructions, greeting, language, tools, temperature } = agent;
      return sessions.mint(auth, agent.id, { voice, instructions, greeting, language, tools, temperature });
    }),
  );

  router.post('/voice/sessions', route({ status: 201, summary: 'Mint an ad-hoc realtime session (5 credits; nothing stored)', errors: SESSION_ERRORS, response: SessionView }, async ({ auth, req }) => sessions.mint(auth, null, parseAdHocSession(req.body))));

  return router;
}
