/**
 * The Story Studio content policy (documented in docs/story.md).
 *
 * 1. Blocked terms: a prompt, description, override or narration containing one of these is
 *    refused with 400 `content_filtered` before anything is charged or generated.
 * 2. Scene-render refusals: the video models decline to animate scenes whose description mentions
 *    graphic violence or weapons. Concept, keyframes and narration are still produced; at step 4
 *    such a scene is refused (never rendered, never charged) and its share is refunded.
 * Matching is case-insensitive on whole words (a phrase matches as a whole).
 */
export const BLOCKED_TERMS = [
  'child abuse', 'child pornography', 'csam', 'bestiality', 'rape', 'genocide instructions',
  'bomb making', 'make a bomb', 'nerve agent', 'suicide method', 'self-harm tutorial', 'beheading',
  'snuff', 'torture porn',
];

export const RENDER_REFUSED_TERMS = ['gun', 'guns', 'rifle', 'pistol', 'blood', 'bloody', 'gore', 'corpse', 'massacre', 'explosion', 'weapon', 'weapons'];

function findTerm(text: string, terms: string[]): string | undefined {
  const lower = text.toLowerCase();
  return terms.find((t) => new RegExp(`(^|[^\\p{L}\\p{N}])${t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^\\p{L}\\p{N}])`, 'u').test(lower));
}

export function blockedTerm(...texts: Array<string | undefined | null>): string | undefined {
  for (const t of texts) {
    if (!t) continue;
    const hit = findTerm(t, BLOCKED_TERMS);
    if (hit) return hit;
  }
  return undefined;
}

export function renderRefusal(text: string): string | undefined {
  return findTerm(text, RENDER_REFUSED_TERMS);
}
