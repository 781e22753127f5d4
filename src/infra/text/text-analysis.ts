// Deterministic text analysis the AI, knowledge and social nodes fall back on when the model's
// answer is not usable (the offline `atelier-local` model does not follow task instructions), and
// what embeddings and ranking are built on. Small, explainable methods: lexicons, TF-IDF, BM25,
// feature hashing. Each output says which method produced it.
import { createHash } from 'node:crypto';

export const STOPWORDS = new Set(
  ('a an the and or but if then else of to in on at by for with about from as into onto over under is are was were be been being am do does did ' +
    'have has had having this that these those it its it\'s i me my we our you your he him his she her they them their what which who whom whose ' +
    'how why when where there here not no nor so than too very can could would should will shall may might must just also only own same such ' +
    'all any both each few more most other some up down out off again further once s t don now get got let lets us one ll re ve')
    .split(/\s+/),
);

export function words(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}][\p{L}\p{N}'-]*/gu) ?? [];
}

export function contentWords(text: string): string[] {
  return words(text).filter((w) => w.length > 2 && !STOPWORDS.has(w) && !/^\d+$/.test(w));
}

export function sentences(text: string): string[] {
  return (text.replace(/\s+/g, ' ').match(/[^.!?]+(?:[.!?]+|$)/g) ?? []).map((s) => s.trim()).filter(Boolean);
}

/** Keywords and two-word phrases by frequency, earlier occurrences first on ties. */
export function keywords(text: string, n: number): { keyword: string; score: number }[] {
  const counts = new Map<string, { n: number; first: number }>();
  const toks = words(text);
  const add = (k: string, i: number, w: number) => {
    const c = counts.get(k) ?? { n: 0, first: i };
    c.n += w;
    counts.set(k, c);
  };
  toks.forEach((w, i) => {
    if (w.length > 2 && !STOPWORDS.has(w) && !/^\d+$/.test(w)) add(w, i, 1);
    const next = toks[i + 1];
    if (next && ![w, next].some((x) => x.length < 3 || STOPWORDS.has(x))) add(`${w} ${next}`, i, 0.75);
  });
  const list = [...counts.entries()].filter(([k, c]) => !k.includes(' ') || c.n >= 1.5);
  const max = Math.max(1, ...list.map(([, c]) => c.n));
  return list
    .sort((a, b) => b[1].n - a[1].n || a[1].first - b[1].first)
    .slice(0, n)
    .map(([keyword, c]) => ({ keyword, score: Math.round((c.n / max) * 1000) / 1000 }));
}

/** Extractive summary: the sentences that carry the most frequent content words, in their order. */
export function extractiveSummary(text: string, maxSentences: number): string {
  const list = sentences(text);
  if (list.length <= maxSentences) return list.join(' ');
  const freq = new Map<string, number>();
  for (const w of contentWords(text)) freq.set(w, (freq.get(w) ?? 0) + 1);
  const scored = list.map((s, i) => {
    const ws = contentWords(s);
    const score = ws.reduce((n, w) => n + (freq.get(w) ?? 0), 0) / Math.sqrt(Math.max(1, ws.length)) + (i === 0 ? 0.5 : 0);
    return { s, i, score };
  });
  return scored.sort((a, b) => b.score - a.score || a.i - b.i).slice(0, maxSentences).sort((a, b) => a.i - b.i).map((x) => x.s).join(' ');
}

// A compact sentiment lexicon (valence −3…+3) in the spirit of AFINN, with negation flipping.
const LEXICON: Record<string, number> = Object.fromEntries(
  (
    'love:3 loved:3 loves:3 amazing:3 awesome:3 excellent:3 fantastic:3 outstanding:3 superb:3 wonderful:3 perfect:3 brilliant:3 best:3 ' +
    'great:3 delighted:3 thrilled:3 good:2 nice:2 happy:2 glad:2 like:2 liked:2 enjoy:2 enjoyed:2 recommend:2 pleased:2 beautiful:2 fast:1 ' +
    'easy:1 helpful:2 friendly:2 fun:2 win:2 wins:2 success:2 successful:2 improved:2 better:2 useful:2 smooth:1 clean:1 fine:1 ok:1 okay:1 ' +
    'thanks:2 thank:2 impressive:3 reliable:2 favourite:2 favorite:2 solid:1 ' +
    'hate:-3 hated:-3 terrible:-3 awful:-3 horrible:-3 worst:-3 disgusting:-3 useless:-3 scam:-3 furious:-3 bad:-2 poor:-2 sad:-2 angry:-3 ' +
    'disappointed:-2 disappointing:-2 slow:-1 broken:-2 bug:-1 bugs:-1 buggy:-2 crash:-2 crashes:-2 crashed:-2 fail:-2 failed:-2 fails:-2 ' +
    'failure:-2 problem:-1 problems:-1 issue:-1 issues:-1 difficult:-1 hard:-1 expensive:-1 annoying:-2 confusing:-2 wrong:-2 refund:-1 ' +
    'worse:-2 ugly:-2 boring:-2 waste:-2 lost:-1 never:-1 dislike:-2 unhappy:-2 frustrating:-2 frustrated:-2 rude:-2 late:-1'
  )
    .split(' ')
    .map((p) => {
      const [w, v] = p.split(':');
      return [w!, Number(v)];
    }),
);
const NEGATORS = new Set(['not', 'no', 'never', "don't", "doesn't", "didn't", "isn't", "wasn't", "aren't", "won't", "can't", 'cannot', 'hardly']);

export function lexiconSentiment(text: string): { label: 'positive' | 'negative' | 'neutral'; score: number; hits: string[] } {
  const toks = words(text);
  let total = 0;
  const hits: string[] = [];
  toks.forEach((w, i) => {
    const v = LEXICON[w];
    if (v === undefined) return;
    const negated = [toks[i - 1], toks[i - 2]].some((p) => p && NEGATORS.has(p));
    total += negated ? -v * 0.75 : v;
    hits.push(negated ? `not ${w}` : w);
  });
  // Normalised to −1…1 (the AFINN "comparative" squashed).
  const score = Math.round(Math.tanh(total / Math.max(3, Math.sqrt(toks.length) * 2)) * 1000) / 1000;
  const label = score > 0.05 ? 'positive' : score < -0.05 ? 'negative' : 'neutral';
  return { label, score, hits };
}

/** Moderation word lists per category; a hit flags the category. Deliberately conservative. */
export const MODERATION_LISTS: Record<string, string[]> = {
  harassment: ['idiot', 'stupid', 'loser', 'moron', 'shut up', 'pathetic', 'worthless', 'dumb'],
  hate: ['subhuman', 'vermin', 'go back to your country', 'inferior race'],
  violence: ['kill', 'murder', 'shoot', 'stab', 'bomb', 'attack you', 'beat you', 'hurt you'],
  self_harm: ['kill myself', 'suicide', 'self harm', 'self-harm', 'cut myself', 'end my life'],
  sexual: ['porn', 'nude', 'nsfw', 'explicit sex', 'xxx'],
  spam: ['buy now', 'click here', 'free money', 'limited offer', 'act now', '100% free', 'crypto giveaway', 'double your'],
};

export function lexiconModeration(text: string): { flagged: boolean; categories: Record<string, boolean>; category_scores: Record<string, number>; matches: Record<string, string[]> } {
  const lower = ` ${words(text).join(' ')} `;
  const categories: Record<string, boolean> = {};
  const scores: Record<string, number> = {};
  const matches: Record<string, string[]> = {};
  for (const [cat, list] of Object.entries(MODERATION_LISTS)) {
    const found = list.filter((term) => lower.includes(` ${words(term).join(' ')} `));
    categories[cat] = found.length > 0;
    scores[cat] = Math.min(1, found.length * 0.5);
    if (found.length) matches[cat] = found;
  }
  return { flagged: Object.values(categories).some(Boolean), categories, category_scores: scores, matches };
}

// Language detection by stopword hits (the languages of the local translator plus Dutch).
const LANG_WORDS: Record<string, string[]> = {
  en: ['the', 'and', 'is', 'are', 'of', 'to', 'in', 'that', 'it', 'with', 'for', 'this', 'you', 'was'],
  es: ['el', 'la', 'de', 'que', 'y', 'en', 'los', 'las', 'es', 'por', 'con', 'una', 'para', 'del'],
  fr: ['le', 'la', 'les', 'de', 'et', 'est', 'un', 'une', 'des', 'du', 'que', 'pour', 'dans', 'pas'],
  de: ['der', 'die', 'das', 'und', 'ist', 'nicht', 'ein', 'eine', 'zu', 'mit', 'den', 'von', 'ich', 'auf'],
  it: ['il', 'di', 'che', 'e', 'la', 'un', 'una', 'per', 'non', 'sono', 'del', 'della', 'con', 'gli'],
  pt: ['o', 'a', 'de', 'que', 'e', 'do', 'da', 'em', 'um', 'uma', 'não', 'para', 'com', 'os'],
  nl: ['de', 'het', 'een', 'en', 'van', 'is', 'niet', 'dat', 'op', 'te', 'met', 'voor', 'zijn', 'ik'],
};

export function detectLanguage(text: string): { language: string; confidence: number; scores: Record<string, number> } {
  const toks = words(text);
  const scores: Record<string, number> = {};
  for (const [lang, list] of Object.entries(LANG_WORDS)) scores[lang] = toks.filter((t) => list.includes(t)).length;
  const ranked = Object.entries(scores).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  const [best, hits] = ranked[0]!;
  const second = ranked[1]?.[1] ?? 0;
  const confidence = hits === 0 ? 0 : Math.round(Math.min(1, (hits - second + 1) / (hits + 1)) * 1000) / 1000;
  return { language: hits === 0 ? 'und' : best, confidence, scores };
}

/**
 * A deterministic embedding: feature hashing of words and character trigrams into `dims`
 * buckets with sign hashing, L2-normalised. Similar wording → high cosine similarity.
 */
export function hashEmbedding(text: string, dims: number): number[] {
  const v = new Float64Array(dims);
  const add = (feature: string, weight: number) => {
    const h = createHash('md5').update(feature).digest();
    const idx = h.readUInt32LE(0) % dims;
    v[idx]! += (h[4]! & 1 ? 1 : -1) * weight;
  };
  for (const w of words(text)) {
    if (!STOPWORDS.has(w)) add(`w:${w}`, 1);
    const padded = ` ${w} `;
    for (let i = 0; i + 3 <= padded.length; i++) add(`c:${padded.slice(i, i + 3)}`, 0.5);
  }
  const norm = Math.hypot(...v) || 1;
  return Array.from(v, (x) => Math.round((x / norm) * 1e6) / 1e6);
}

export function cosine(a: number[], b: number[]): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    dot += a[i]! * b[i]!;
    na += a[i]! ** 2;
    nb += b[i]! ** 2;
  }
  return na && nb ? Math.round((dot / Math.sqrt(na * nb)) * 1e6) / 1e6 : 0;
}

/** Okapi BM25 scores of `docs` for `query` (k1 = 1.2, b = 0.75). */
export function bm25(query: string, docs: string[], k1 = 1.2, b = 0.75): number[] {
  const tokenised = docs.map((d) => contentWords(d));
  const avg = tokenised.reduce((n, t) => n + t.length, 0) / Math.max(1, tokenised.length);
  const q = [...new Set(contentWords(query))];
  const df = new Map(q.map((t) => [t, tokenised.filter((d) => d.includes(t)).length]));
  return tokenised.map((d) => {
    let score = 0;
    for (const t of q) {
      const tf = d.filter((w) => w === t).length;
      if (!tf) continue;
      const idf = Math.log(1 + (docs.length - df.get(t)! + 0.5) / (df.get(t)! + 0.5));
      score += (idf * tf * (k1 + 1)) / (tf + k1 * (1 - b + (b * d.length) / (avg || 1)));
    }
    return Math.round(score * 10000) / 10000;
  });
}

/** Classifies by overlap of the text with each label (and its description), BM25-style. */
export function lexicalClassify(text: string, labels: { label: string; description?: string }[]): { label: string; scores: Record<string, number> } {
  const docs = labels.map((l) => `${l.label.replace(/[_-]/g, ' ')} ${l.description ?? ''}`);
  const raw = bm25(text, docs);
  const emb = hashEmbedding(text, 256);
  const mixed = raw.map((s, i) => s + cosine(emb, hashEmbedding(docs[i]!, 256)));
  const total = mixed.reduce((n, s) => n + Math.max(0, s), 0);
  const scores: Record<string, number> = {};
  labels.forEach((l, i) => (scores[l.label] = total > 0 ? Math.round((Math.max(0, mixed[i]!) / total) * 1000) / 1000 : Math.round((1 / labels.length) * 1000) / 1000));
  const best = labels.map((l, i) => ({ l: l.label, s: mixed[i]! })).sort((a, b) => b.s - a.s)[0]!;
  return { label: best.l, scores };
}

/** Splits text into chunks of at most `size` characters on paragraph/sentence/word boundaries, with overlap. */
export function chunkText(text: string, size: number, overlap: number): { index: number; text: string; start: number; end: number }[] {
  const clean = text.replace(/\r\n/g, '\n');
  const chunks: { index: number; text: string; start: number; end: number }[] = [];
  let start = 0;
  while (start < clean.length) {
    let end = Math.min(clean.length, start + size);
    if (end < clean.length) {
      const window = clean.slice(start, end);
      // Prefer a paragraph break, then a sentence end, then a space — whichever is past half the window.
      const sentenceEnd = Math.max(-1, ...[...window.matchAll(/[.!?]\s/g)].map((m) => m.index));
      const cut = [window.lastIndexOf('\n\n'), sentenceEnd, window.lastIndexOf(' ')].find((c) => c > size * 0.5);
      if (cut !== undefined) end = start + cut + 1;
    }
    const piece = clean.slice(start, end).trim();
    if (piece) chunks.push({ index: chunks.length, text: piece, start, end });
    if (end >= clean.length) break;
    start = Math.max(end - overlap, start + 1);
  }
  return chunks;
}

/** Hashtags from the text's top keywords (two-word phrases camel-cased), unique, without stopwords. */
export function hashtagsFrom(text: string, n: number): string[] {
  return keywords(text, n * 2)
    .map((k) => k.keyword.split(/[\s-]+/).map((w, i) => (i === 0 ? w : w[0]!.toUpperCase() + w.slice(1))).join(''))
    .map((w) => w.replace(/[^\p{L}\p{N}_]/gu, ''))
    .filter((w, i, a) => w.length > 2 && a.indexOf(w) === i)
    .slice(0, n)
    .map((w) => `#${w}`);
}

/** Documents as nodes pass them: strings or objects with a text-like field (and an optional id). */
export function normaliseDocs(docs: unknown[]): { id: string; text: string; doc: unknown }[] {
  return docs.map((d, i) => {
    if (typeof d === 'string') return { id: String(i), text: d, doc: d };
    const o = (d ?? {}) as Record<string, unknown>;
    const text = ['text', 'content', 'body', 'summary', 'title', 'description'].map((k) => o[k]).find((v) => typeof v === 'string') as string | undefined;
    return { id: typeof o.id === 'string' || typeof o.id === 'number' ? String(o.id) : String(i), text: text ?? JSON.stringify(d), doc: d };
  });
}
