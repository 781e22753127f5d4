// A JSON diff of before/after for audit entries: RFC 6902-style paths (`/spec/nodes/2/params/url`),
// `add`, `remove` and `replace` operations carrying the old and new values. Arrays are compared
// index by index (a workflow's nodes keep their order), objects key by key.
import type { AuditDiffOp } from '../../infra/db/schema/index';

const escape = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');

function isObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

export function jsonDiff(before: unknown, after: unknown, path = ''): AuditDiffOp[] {
  if (before === undefined && after === undefined) return [];
  if (before === undefined) return [{ op: 'add', path: path || '/', after }];
  if (after === undefined) return [{ op: 'remove', path: path || '/', before }];
  if (Array.isArray(before) && Array.isArray(after)) {
    const ops: AuditDiffOp[] = [];
    for (let i = 0; i < Math.max(before.length, after.length); i++) {
      ops.push(...jsonDiff(i < before.length ? before[i] : undefined, i < after.length ? after[i] : undefined, `${path}/${i}`));
    }
    return ops;
  }
  if (isObject(before) && isObject(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
    return keys.flatMap((k) => jsonDiff(before[k], after[k], `${path}/${escape(k)}`));
  }
  if (JSON.stringify(before) === JSON.stringify(after)) return [];
  return [{ op: 'replace', path: path || '/', before, after }];
}
