// Per-platform text limits for the social nodes (a file beside the node folders, not a node).
export const PLATFORMS = ['x', 'linkedin', 'instagram', 'threads', 'bluesky', 'mastodon', 'facebook', 'tiktok', 'youtube'] as const;
export type Platform = (typeof PLATFORMS)[number];

export const LIMITS: Record<Platform, { chars: number; hashtags: number; urlLength?: number; name: string }> = {
  x: { chars: 280, hashtags: 3, urlLength: 23, name: 'X (Twitter)' },
  linkedin: { chars: 3000, hashtags: 5, name: 'LinkedIn' },
  instagram: { chars: 2200, hashtags: 30, name: 'Instagram' },
  threads: { chars: 500, hashtags: 1, name: 'Threads' },
  bluesky: { chars: 300, hashtags: 3, name: 'Bluesky' },
  mastodon: { chars: 500, hashtags: 5, urlLength: 23, name: 'Mastodon' },
  facebook: { chars: 63206, hashtags: 5, name: 'Facebook' },
  tiktok: { chars: 2200, hashtags: 8, name: 'TikTok' },
  youtube: { chars: 5000, hashtags: 15, name: 'YouTube (description)' },
};

const URL_RE = /https?:\/\/\S+/g;

/** Length as the platform counts it: graphemes, with links at a fixed length where the platform shortens them. */
export function platformLength(text: string, platform: Platform): number {
  const urlLength = LIMITS[platform].urlLength;
  const counted = urlLength ? text.replace(URL_RE, 'x'.repeat(urlLength)) : text;
  return [...new Intl.Segmenter('en', { granularity: 'grapheme' }).segment(counted)].length;
}

/** Cuts text to fit `limit` (as `platform` counts), at a word boundary, ending with an ellipsis. */
export function fitText(text: string, limit: number, platform: Platform): string {
  if (platformLength(text, platform) <= limit) return text;
  const words = text.split(/(\s+)/);
  let out = '';
  for (const w of words) {
    if (platformLength(`${out}${w}`.trimEnd() + '…', platform) > limit) break;
    out += w;
  }
  out = out.trimEnd().replace(/[,;:.!?-]+$/, '');
  if (!out) out = [...text].slice(0, limit - 1).join('');
  return `${out}…`;
}
