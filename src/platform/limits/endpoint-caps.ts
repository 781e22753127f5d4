// Per-endpoint caps per minute. They override the tier (the lower limit wins) and
// are checked first, before authentication.

export interface EndpointCap {
  /** Window name: requests to the same group share one window per caller. */
  group: string;
  limit: number;
  /** A route that needs no credential: counted per client address (and target email), never per bearer token. */
  public?: boolean;
}

type Rule = [methods: string | null, pattern: RegExp, limit: number, group?: string];

// Routes that need no credential: a bearer header means nothing there, so it never picks the
// window (a junk token per request would otherwise buy a fresh one each time). Every public route
// the caps see must be listed; a test walks the mounted routes to keep it so.
const PUBLIC: Array<[method: string | null, pattern: RegExp, group: string]> = [
  ['POST', /^\/v1\/console\/(login|signup)\/?$/, 'console-credentials'],
  [null, /^\/v1\/billing\/topup\/packages\/?$/, 'public-topup-packages'],
  [null, /^\/v1\/public\/files(\/|$)/, 'public-files'],
  // The link a signup e-mail carries: its token is the credential.
  ['GET', /^\/v1\/console\/verify-email\/?$/, 'console-verify-email'],
  // One-time approval links: the token in the path is the credential.
  [null, /^\/engine\/v1(\/v1)?\/approvals\/links(\/|$)/, 'public-approval-links'],
];

// First match wins; more specific rules come first. `null` methods: any method.
const RULES: Rule[] = [
  ['POST', /^\/v1\/ai\/generate\/video\/?$/, 5],
  ['POST', /^\/v1\/video\/(upscale|ai-director|lip-sync)\/?$/, 5],
  ['POST', /^\/v1\/story\/generate\/?$/, 3],
  ['POST', /^\/v1\/shorts\/agent\/?$/, 3],
  ['POST', /^\/v1\/billing\/topup\/?$/, 3],
  // The wallet top-up endpoint of is the same action as /v1/billing/topup.
  ['POST', /^\/v1\/tiers\/wallet\/topup\/?$/, 3],
  ['POST', /^\/v1\/storage\/s3\/buy\/?$/, 3],
  ['POST', /^\/v1\/images\/batch\/?$/, 10],
  ['POST', /^\/v1\/video\/(merge|stabilize|subtitles)\/?$/, 10],
  ['POST', /^\/v1\/ai\/generate\/music\/?$/, 10],
  ['POST', /^\/v1\/shorts\/.+/, 10],
  //: /v1/story/step* share one 10/min window; poll-videos is a poll route (60).
  ['POST', /^\/v1\/story\/step\/poll-videos\/?$/, 60, 'poll:story-videos'],
  ['POST', /^\/v1\/story\/step(\/|$)/, 10, 'story-step'],
  ['POST', /^\/v1\/story\/regenerate(\/|$)/, 10, 'story-regenerate'],
  ['POST', /^\/v1\/ai\/document(\/|$)/, 10],
  // "15 to 30": the light image edits get 30, the model-heavy ones 15.
  ['POST', /^\/v1\/images\/(background|shadow)[^/]*(\/|$)/, 30],
  ['POST', /^\/v1\/images\/.+/, 15],
  ['POST', /^\/v1\/video\/.+/, 15],
  ['POST', /^\/v1\/photos\/upload\/?$/, 20],
  ['POST', /^\/v1\/ai\/tts\/(polly|azure)\/?$/, 20],
  // OpenAI's images/generations is the same operation: one window with generate/image.
  ['POST', /^\/v1\/ai\/(generate\/image|images\/generations)\/?$/, 30, 'generate-image'],
  ['POST', /^\/v1\/ai\/chat(\/|$)/, 30],
  ['POST', /^\/v1\/ai\/gabriel(\/|$)/, 30],
  [null, /^\/v1\/auth\/keys(\/|$)/, 30, 'auth-keys'],
  ['GET', /^\/v1\/ai\/generate\/video\/[^/]+\/?$/, 60, 'poll:video'],
  ['GET', /^\/v1\/jobs\/[^/]+\/?$/, 60, 'poll:jobs'],
];

export const DEFAULT_ENDPOINT_CAP = 60;

/** Segments that name one resource (ids, numbers) collapse, so `/v1/x/abc123` and `/v1/x/def456` share a window. */
function normalisePath(path: string): string {
  return path
    .split('/')
    .map((s) => (/\d/.test(s) || s.length > 24 ? ':id' : s))
    .join('/')
    .replace(/\/+$/, '');
}

// Requests repeat the same few paths: the rule scan runs once per (method, path). Bounded, since
// paths carry ids; when full it simply starts over.
const MEMO_MAX = 4096;
const memo = new Map<string, EndpointCap>();

/** The cap that applies to a request, and the window it counts in. */
export function endpointCap(method: string, rawPath: string): EndpointCap {
  const memoKey = `${method} ${rawPath}`;
  let cap = memo.get(memoKey);
  if (!cap) {
    if (memo.size >= MEMO_MAX) memo.clear();
    cap = findCap(method, rawPath);
    memo.set(memoKey, cap);
  }
  return cap;
}

function findCap(method: string, rawPath: string): EndpointCap {
  const m = method.toUpperCase();
  // Express routes case-insensitively; so do the caps, or `/V1/...` would dodge them.
  const path = rawPath.toLowerCase();
  for (const [method, pattern, group] of PUBLIC) {
    if ((method === null || method === m) && pattern.test(path)) return { group, limit: DEFAULT_ENDPOINT_CAP, public: true };
  }
  for (const [methods, pattern, limit, group] of RULES) {
    if (methods && methods !== m) continue;
    if (pattern.test(path)) return { group: group ?? `${m} ${pattern.source}`, limit };
  }
  // "everything else": 60 per endpoint (method and path shape).
  return { group: `${m} ${normalisePath(path)}`, limit: DEFAULT_ENDPOINT_CAP };
}
