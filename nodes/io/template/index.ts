import { z } from 'zod';
import { type NodeDefinition, NodeError } from '../../../src/engine/node-sdk';
import { getPath, textOf, valueFrom } from '../../_lib/items';

const params = z.object({
  template: z.string().max(200_000).describe('Text with `${path}` placeholders read from `data` (`Hello ${user.name}!`), optionally piped through filters: `${title | upper}`, `${price | fixed:2}`, `${tags | join:, }`, `${missing | default:n/a}`. Filters: upper, lower, trim, title, json, length, fixed:N, join:SEP, default:TEXT, truncate:N, urlencode. `$${` writes a literal `${`.'),
  data: z.unknown().optional().describe('The object placeholders read from; defaults to the upstream value.'),
  strict: z.boolean().default(false).describe('Fail when a placeholder has no value (instead of writing an empty string).'),
});

function applyFilter(value: unknown, filter: string): unknown {
  const [name, ...rest] = filter.split(':');
  const arg = rest.join(':');
  switch (name!.trim()) {
    case 'upper': return textOf(value).toUpperCase();
    case 'lower': return textOf(value).toLowerCase();
    case 'trim': return textOf(value).trim();
    case 'title': return textOf(value).toLowerCase().replace(/(^|[\s-])(\p{L})/gu, (_m, s: string, c: string) => s + c.toUpperCase());
    case 'json': return JSON.stringify(value ?? null);
    case 'length': return Array.isArray(value) ? value.length : textOf(value).length;
    case 'fixed': { const n = Number(value); return Number.isFinite(n) ? n.toFixed(Math.min(20, Math.max(0, Number(arg) || 0))) : textOf(value); }
    case 'join': return Array.isArray(value) ? value.map(textOf).join(arg || ', ') : textOf(value);
    case 'default': return value === undefined || value === null || value === '' ? arg : value;
    case 'truncate': { const t = textOf(value); const n = Number(arg) || 0; return t.length > n ? `${t.slice(0, n)}…` : t; }
    case 'urlencode': return encodeURIComponent(textOf(value));
    default: throw new NodeError(`unknown template filter "${name}"`, { type: 'invalid_params' });
  }
}

/** Renders `${path | filter}` placeholders against `data`. */
export function renderTemplate(template: string, data: unknown, strict = false): string {
  return template.replace(/\$(\$)?\{([^{}]*)\}/g, (whole, escaped: string | undefined, body: string) => {
    if (escaped) return whole.slice(1);
    const [path, ...filters] = body.split('|');
    let value: unknown = getPath(data, path!.trim());
    for (const f of filters) value = applyFilter(value, f.trim());
    if (strict && (value === undefined || value === null)) throw new NodeError(`template placeholder \${${body.trim()}} has no value`, { type: 'invalid_input' });
    return textOf(value);
  });
}

export const ioTemplate: NodeDefinition<typeof params> = {
  type: 'io.template',
  version: 1,
  category: 'io',
  subcategory: 'text',
  name: 'Text template',
  description: 'Renders a text template with `${path}` placeholders and filters against `data` (or the upstream value); `main` = {text}.',
  tags: ['text', 'template', 'format'],
  params,
  inputs: [{ name: 'main' }],
  outputs: [{ name: 'main', description: '{text}' }],
  execution: 'local',
  async execute(_ctx, { params: p, inputs }) {
    return { output: { main: { text: renderTemplate(p.template, valueFrom(p.data, inputs), p.strict) } } };
  },
};
