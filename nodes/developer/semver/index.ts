import { z } from 'zod';
import { type NodeDefinition, NodeError } from '../../../src/engine/node-sdk';

const params = z.object({
  operation: z.enum(['parse', 'compare', 'bump', 'satisfies']).describe('parse `version`; compare `version` with `other` (−1, 0, 1); bump `version` by `release`; satisfies: does `version` meet `range` (`^1.2.0`, `~1.2`, `>=1.0.0 <2.0.0`, `1.x`, `*`).'),
  version: z.string().max(200).describe('A semantic version (`1.2.3`, `v2.0.0-rc.1+build.5`).'),
  other: z.string().max(200).optional().describe('The version to compare with.'),
  release: z.enum(['major', 'minor', 'patch', 'prerelease']).default('patch').describe('Which part `bump` raises.'),
  range: z.string().max(500).optional().describe('A range for `satisfies`; space-separated comparators are ANDed, `||` ORs alternatives.'),
});

interface SemVer { major: number; minor: number; patch: number; pre: (string | number)[]; build: string }

function parse(v: string): SemVer {
  const m = /^v?(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-([0-9A-Za-z.-]+))?(?:\+([0-9A-Za-z.-]+))?$/.exec(v.trim());
  if (!m) throw new NodeError(`not a semantic version: ${v}`, { type: 'invalid_input' });
  return { major: +m[1]!, minor: +m[2]!, patch: +m[3]!, pre: m[4] ? m[4].split('.').map((x) => (/^\d+$/.test(x) ? Number(x) : x)) : [], build: m[5] ?? '' };
}

function cmp(a: SemVer, b: SemVer): number {
  for (const k of ['major', 'minor', 'patch'] as const) if (a[k] !== b[k]) return a[k] > b[k] ? 1 : -1;
  if (!a.pre.length || !b.pre.length) return a.pre.length === b.pre.length ? 0 : a.pre.length ? -1 : 1;
  for (let i = 0; i < Math.max(a.pre.length, b.pre.length); i++) {
    const x = a.pre[i];
    const y = b.pre[i];
    if (x === undefined) return -1;
    if (y === undefined) return 1;
    if (x === y) continue;
    if (typeof x === 'number' && typeof y === 'number') return x > y ? 1 : -1;
    if (typeof x === 'number') return -1;
    if (typeof y === 'number') return 1;
    return x > y ? 1 : -1;
  }
  return 0;
}

const str = (v: SemVer) => `${v.major}.${v.minor}.${v.patch}${v.pre.length ? `-${v.pre.join('.')}` : ''}`;

/** One comparator such as `^1.2.3`, `>=1.0.0`, `1.x`, `~1.2`. */
function satisfiesOne(v: SemVer, comp: string): boolean {
  const m = /^(\^|~|>=|<=|>|<|=)?v?(\d+|x|\*)(?:\.(\d+|x|\*))?(?:\.(\d+|x|\*))?(-[0-9A-Za-z.-]+)?$/.exec(comp);
  if (!m) throw new NodeError(`invalid range comparator: ${comp}`, { type: 'invalid_params' });
  const [, op = '', M, mi, pa, pre] = m;
  const wild = (x?: string) => x === undefined || x === 'x' || x === '*';
  const base = parse(`${wild(M) ? 0 : M}.${wild(mi) ? 0 : mi}.${wild(pa) ? 0 : pa}${pre ?? ''}`);
  const c = cmp(v, base);
  if (v.pre.length && !(pre && v.major === base.major && v.minor === base.minor && v.patch === base.patch)) {
    if (op !== '<' && op !== '<=' ) return false; // prereleases only match ranges that name them
  }
  const upper = (u: SemVer) => cmp(v, u) < 0;
  switch (op) {
    case '>': return c > 0;
    case '>=': return c >= 0;
    case '<': return c < 0;
    case '<=': return c <= 0;
    case '^': {
      const u = base.major > 0 || wild(mi) ? { ...base, major: base.major + 1, minor: 0, patch: 0, pre: [] } : base.minor > 0 || wild(pa) ? { ...base, minor: base.minor + 1, patch: 0, pre: [] } : { ...base, patch: base.patch + 1, pre: [] };
      return c >= 0 && upper(u);
    }
    case '~': {
      const u = wild(mi) ? { ...base, major: base.major + 1, minor: 0, patch: 0, pre: [] } : { ...base, minor: base.minor + 1, patch: 0, pre: [] };
      return c >= 0 && upper(u);
    }
    default: {
      if (wild(M)) return true;
      if (wild(mi)) return v.major === base.major;
      if (wild(pa)) return v.major === base.major && v.minor === base.minor;
      return c === 0;
    }
  }
}

function satisfies(v: SemVer, range: string): boolean {
  return range.split('||').some((alt) => alt.trim().replace(/(>=|<=|>|<|=)\s+/g, '$1').split(/\s+/).filter(Boolean).every((c) => satisfiesOne(v, c)));
}

export const developerSemver: NodeDefinition<typeof params> = {
  type: 'developer.semver',
  version: 1,
  category: 'developer',
  subcategory: 'versions',
  name: 'Semantic version',
  description: 'Parses, compares, bumps and range-checks semantic versions (SemVer 2.0 precedence, npm-style ranges ^ ~ x and comparators); `main` = {major, minor, patch, prerelease, build} | {result} | {version} | {satisfies}.',
  tags: ['semver', 'version', 'release'],
  params,
  inputs: [{ name: 'main' }],
  outputs: [{ name: 'main', description: 'Depends on the operation.' }],
  execution: 'local',
  async execute(_ctx, { params: p }) {
    const v = parse(p.version);
    switch (p.operation) {
      case 'parse': return { output: { main: { major: v.major, minor: v.minor, patch: v.patch, prerelease: v.pre, build: v.build || null, version: str(v) } } };
      case 'compare':
        if (!p.other) throw new NodeError('compare needs `other`', { type: 'invalid_params' });
        return { output: { main: { result: cmp(v, parse(p.other)) } } };
      case 'bump': {
        let n: SemVer;
        if (p.release === 'major') n = { ...v, major: v.major + 1, minor: 0, patch: 0, pre: [] };
        else if (p.release === 'minor') n = { ...v, minor: v.minor + 1, patch: 0, pre: [] };
        else if (p.release === 'patch') n = v.pre.length ? { ...v, pre: [] } : { ...v, patch: v.patch + 1, pre: [] };
        else {
          const last = v.pre.at(-1);
          n = v.pre.length ? { ...v, pre: typeof last === 'number' ? [...v.pre.slice(0, -1), last + 1] : [...v.pre, 0] } : { ...v, patch: v.patch + 1, pre: [0] };
        }
        return { output: { main: { version: str(n) } } };
      }
      case 'satisfies':
        if (!p.range) throw new NodeError('satisfies needs `range`', { type: 'invalid_params' });
        return { output: { main: { satisfies: satisfies(v, p.range) } } };
    }
  },
};
