import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import type { Deps } from '../../../deps';
import { REALTIME_SUBPROTOCOL, SECRET_SUBPROTOCOL_PREFIX } from '../provider';
import { RealtimeConversation } from './conversation';
import { claimSecret, LOCAL_REALTIME_PATH, releaseSecret } from './secrets';

/** Query parameters that would carry a credential in the URL; all are refused. */
const CREDENTIAL_PARAMS = ['client_secret', 'api_key', 'key', 'token', 'access_token', 'authorization'];

const SUBPROTOCOL_HINT = `pass the client secret as the second WebSocket subprotocol: ['${REALTIME_SUBPROTOCOL}', '${SECRET_SUBPROTOCOL_PREFIX}<client_secret>']`;

/**
 * The local realtime engine's WebSocket server, on the API's own HTTP server at /v1/realtime
 * (so `websocket_url` is the API's host, with ws:// or wss://). A connection is accepted only with
 * the subprotocol array of; a secret in the Authorization header or the query string
 * is refused with 401 at the upgrade, as is an unknown, expired or already used secret; an account
 * already holding its cap of open conversations gets 429. Returns the stop hook: open
 * conversations are closed with 1001.
 */
export function attachLocalRealtimeServer(server: Server, deps: Pick<Deps, 'config' | 'db' | 'logger'>): () => Promise<void> {
  const limits = deps.config.voice.limits;
  const wss = new WebSocketServer({
    noServer: true,
    // A frame carries one event: an item (JSON-escaped, at worst ~6 bytes a byte of text) or a
    // slice of audio; larger frames close the socket with 1009 before they are buffered whole.
    maxPayload: Math.max(4 * 1024 * 1024, limits.maxItemBytes * 6 + 64 * 1024),
    handleProtocols: (protocols) => (protocols.has(REALTIME_SUBPROTOCOL) ? REALTIME_SUBPROTOCOL : false),
  });
  const conversations = new Set<RealtimeConversation>();

  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname.replace(/\/+$/, '').toLowerCase() !== LOCAL_REALTIME_PATH) {
      // Not ours: another upgrade listener may take it; alone, we answer 404.
      if (server.listenerCount('upgrade') === 1) refuse(socket, 404, 'Not Found');
      return;
    }
    if (CREDENTIAL_PARAMS.some((p) => url.searchParams.has(p))) {
      return refuse(socket, 401, `The client secret cannot travel in the query string; ${SUBPROTOCOL_HINT}`);
    }
    if (req.headers.authorization !== undefined) {
      // The openai package's Node client (OpenAIRealtimeWS) always sends one; its WebSocket client does not.
      return refuse(socket, 401, `The realtime endpoint takes no Authorization header; ${SUBPROTOCOL_HINT} (with the openai package, use OpenAIRealtimeWebSocket from openai/realtime/websocket, not OpenAIRealtimeWS)`);
    }
    const offered = String(req.headers['sec-websocket-protocol'] ?? '').split(',').map((p) => p.trim()).filter(Boolean);
    const credential = offered[1];
    if (offered[0] !== REALTIME_SUBPROTOCOL || !credential?.startsWith(SECRET_SUBPROTOCOL_PREFIX)) {
      return refuse(socket, 401, `Missing client secret; ${SUBPROTOCOL_HINT}`);
    }
    const secret = credential.slice(SECRET_SUBPROTOCOL_PREFIX.length);
    claimSecret(deps.db, secret, limits.maxConversationsPerAccount).then(
      (claim) => {
        if (!claim.ok) {
          if (claim.reason === 'too_many') {
            return refuse(socket, 429, `This account already has ${claim.limit} realtime conversations open (the most it may hold at once); close one and connect again with the same secret`);
          }
          const why = { unknown: 'is not valid', expired: 'has expired', used: 'was already used for a conversation' }[claim.reason];
          return refuse(socket, 401, `The client secret ${why}; mint a new session`);
        }
        const release = () => releaseSecret(deps.db, claim.secret.id).catch((err: unknown) => deps.logger.warn({ err }, 'realtime conversation close not recorded'));
        // The socket's end ends the conversation, also when the upgrade itself failed after the claim.
        if (socket.destroyed || !socket.writable) return void release();
        socket.once('close', () => void release());
        wss.handleUpgrade(req, socket, head, (ws) => {
          const conversation = new RealtimeConversation(ws, claim.secret, limits, deps.logger);
          conversations.add(conversation);
          ws.on('close', () => conversations.delete(conversation));
        });
      },
      (err: unknown) => {
        deps.logger.error({ err }, 'realtime upgrade failed');
        refuse(socket, 500, 'The realtime engine could not check the client secret');
      },
    );
  };

  server.on('upgrade', onUpgrade);
  return async () => {
    server.off('upgrade', onUpgrade);
    for (const c of conversations) c.close();
    await new Promise<void>((resolve) => wss.close(() => resolve()));
  };
}

/** An HTTP answer on the raw socket, in the `{detail}` shape of the voice API. */
function refuse(socket: Duplex, status: number, detail: string): void {
  if (!socket.writable) return void socket.destroy();
  const body = JSON.stringify({ detail });
  const reason = { 401: 'Unauthorized', 404: 'Not Found', 429: 'Too Many Requests', 500: 'Internal Server Error' }[status] ?? 'Error';
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}
