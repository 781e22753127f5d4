import { z } from 'zod';
import { type NodeDefinition, NodeError } from '../../../src/engine/node-sdk';
import { textOf } from '../../_lib/media';
import { PLATFORMS, type Platform } from '../platforms';

// Commonly cited engagement windows (local time, hours) per platform; weekdays unless noted.
const BEST_HOURS: Record<Platform, number[]> = {
  x: [9, 12, 17], linkedin: [8, 10, 12], instagram: [11, 13, 19], threads: [9, 12, 19], bluesky: [9, 13, 18],
  mastodon: [9, 14, 19], facebook: [9, 13, 15], tiktok: [12, 16, 20], youtube: [14, 17, 20],
};
const WEEKDAYS_ONLY: Partial<Record<Platform, boolean>> = { linkedin: true };

const params = z.object({
  platform: z.enum(PLATFORMS).describe('Platform the post is for (picks its best hours).'),
  at: z.string().datetime({ offset: true }).optional().describe('Publish at exactly this time (ISO 8601); when omitted, the next best slot is chosen.'),
  timezone: z.string().min(1).max(64).default('UTC').describe('IANA time zone of the audience, e.g. Europe/Paris (best hours are local to it).'),
  min_lead_minutes: z.number().int().min(0).max(10_080).default(15).describe('Earliest slot is at least this far in the future.'),
  taken: z.array(z.string().datetime({ offset: true })).max(500).default([]).describe('Already scheduled times to keep clear of.'),
  spacing_minutes: z.number().int().min(0).max(1440).default(60).describe('Minimum gap to any taken time.'),
  now: z.string().datetime({ offset: true }).optional().describe('Reference time (for previews and tests); the current time when omitted.'),
});

/** Local wall-clock parts of an instant in a time zone. */
function localParts(date: Date, tz: string): { hour: number; weekday: number; y: number; m: number; d: number } {
  const f = new Intl.DateTimeFormat('en-US', { timeZone: tz, hour12: false, year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', weekday: 'short' });
  const parts = Object.fromEntries(f.formatToParts(date).map((x) => [x.type, x.value]));
  return { hour: Number(parts.hour) % 24, weekday: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(parts.weekday!), y: Number(parts.year), m: Number(parts.month), d: Number(parts.day) };
}

/** The instant of local `hour`:00 on the local day of `date` in `tz`. */
function atLocalHour(date: Date, hour: number, tz: string): Date {
  const { y, m, d } = localParts(date, tz);
  let guess = new Date(Date.UTC(y, m - 1, d, hour));
  for (let i = 0; i < 3; i++) {
    const lp = localParts(guess, tz);
    const diff = (lp.hour - hour + 24) % 24;
    const dayShift = lp.d === d ? 0 : lp.d > d || (lp.d === 1 && d > 27) ? 24 : -24;
    guess = new Date(guess.getTime() - ((diff > 12 ? diff - 24 : diff) + (diff === 0 ? dayShift : 0)) * 3600_000);
  }
  return guess;
}

/** When to publish: an explicit time, or the next best-hour slot clear of taken times. */
export const socialSchedulePost: NodeDefinition<typeof params> = {
  type: 'social.schedule_post',
  version: 1,
  category: 'social',
  subcategory: 'publish',
  name: 'Schedule post',
  description: 'Decides when a post goes out: `at`, or the next of the platform\'s usual best hours in the audience\'s `timezone` (weekdays only for LinkedIn) that is `min_lead_minutes` ahead and `spacing_minutes` clear of `taken` times. Emits {publish_at, wait_s, post} — connect a control.delay with `seconds: {{this.output.main.wait_s}}` and then social.publish so the run waits durably.',
  tags: ['social', 'schedule', 'calendar', 'timing', 'best-time'],
  params,
  inputs: [{ name: 'main', description: 'The post (text or formatted post), passed through as `post`' }],
  outputs: [{ name: 'main', description: '{publish_at, wait_s, local_time, timezone, platform, post}' }],
  execution: 'local',
  async execute(_ctx, { params: p, inputs }) {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: p.timezone });
    } catch {
      throw new NodeError(`unknown time zone ${p.timezone}`, { type: 'invalid_params' });
    }
    const now = p.now ? new Date(p.now) : new Date();
    const earliest = now.getTime() + p.min_lead_minutes * 60_000;
    const taken = p.taken.map((t) => new Date(t).getTime());
    const clear = (t: number) => taken.every((x) => Math.abs(x - t) >= p.spacing_minutes * 60_000);
    let when: Date | undefined;
    if (p.at) {
      when = new Date(p.at);
      if (when.getTime() < now.getTime()) throw new NodeError(`at ${p.at} is in the past`, { type: 'invalid_params' });
    } else {
      for (let day = 0; day < 14 && !when; day++) {
        const base = new Date(now.getTime() + day * 86_400_000);
        if (WEEKDAYS_ONLY[p.platform] && [0, 6].includes(localParts(base, p.timezone).weekday)) continue;
        for (const hour of BEST_HOURS[p.platform]) {
          const slot = atLocalHour(base, hour, p.timezone);
          if (slot.getTime() >= earliest && clear(slot.getTime())) {
            when = slot;
            break;
          }
        }
      }
      if (!when) throw new NodeError('no free slot in the next 14 days', { type: 'no_slot' });
    }
    const post = Object.values(inputs)[0];
    const local = new Intl.DateTimeFormat('sv-SE', { timeZone: p.timezone, dateStyle: 'short', timeStyle: 'short' }).format(when);
    return {
      output: {
        main: { publish_at: when.toISOString(), wait_s: Math.max(0, Math.round((when.getTime() - now.getTime()) / 1000)), local_time: local, timezone: p.timezone, platform: p.platform, post: post ?? null, text: textOf(post) ?? null },
      },
    };
  },
};
