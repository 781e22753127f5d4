import { coded } from '../../infra/http/errors';

/** The tokens a routing rule's path_template may use. */
export const ALLOWED_TOKENS = ['{model}', '{date}', '{YYYY}', '{MM}', '{DD}', '{HH}', '{mm}', '{ss}', '{job_id}', '{user_id}', '{ext}', '{name}', '{index}'] as const;
export const EXAMPLE_TEMPLATE = '{model}/{YYYY}/{MM}/{DD}/{job_id}-{index}.{ext}';
/** Used when a destination is chosen without a template. */
export const DEFAULT_TEMPLATE = '{model}/{date}/{job_id}-{index}.{ext}';

const invalid = (message: string) =>
  coded(400, 'invalid_path_template', message, { allowed_tokens: [...ALLOWED_TOKENS], example: EXAMPLE_TEMPLATE });

/** Throws 400 `invalid_path_template` (with allowed_tokens and example) unless the template is usable. */
export function validatePathTemplate(template: string): void {
  if (template.length === 0 || template.length > 512) throw invalid('path_template must be 1 to 512 characters');
  const stripped = template.replace(/\{[^{}]*\}/g, (token) => {
    if (!(ALLOWED_TOKENS as readonly string[]).includes(token)) throw invalid(`Unknown token ${token} in path_template`);
    return 'x';
  });
  if (/[{}]/.test(stripped)) throw invalid('Unbalanced brace in path_template');
  if (template.startsWith('/') || template.endsWith('/')) throw invalid('path_template must be a relative path that names a file');
  if (template.split('/').some((seg) => seg === '' || seg === '.' || seg === '..')) throw invalid('path_template must not contain empty, . or .. segments');
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[\\\0-\x1f]/.test(template)) throw invalid('path_template contains an invalid character');
}

export interface TemplateValues {
  model: string;
  jobId: string;
  userId: string;
  ext: string;
  name: string;
  index: number;
  now: Date;
}

/** Fills a (validated) template; values are made path-safe so they cannot add segments. */
export function renderPathTemplate(template: string, v: TemplateValues): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  const d = v.now;
  const safe = (s: string) => s.replace(/[^A-Za-z0-9._-]/g, '_').replace(/^\.+/, '_');
  const values: Record<string, string> = {
    '{model}': safe(v.model),
    '{date}': `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`,
    '{YYYY}': String(d.getUTCFullYear()),
    '{MM}': pad(d.getUTCMonth() + 1),
    '{DD}': pad(d.getUTCDate()),
    '{HH}': pad(d.getUTCHours()),
    '{mm}': pad(d.getUTCMinutes()),
    '{ss}': pad(d.getUTCSeconds()),
    '{job_id}': safe(v.jobId),
    '{user_id}': safe(v.userId),
    '{ext}': safe(v.ext),
    '{name}': safe(v.name),
    '{index}': String(v.index),
  };
  return template.replace(/\{[^{}]*\}/g, (token) => values[token] ?? token);
}

/** Glob (`*` any run, `?` one character) matched against a whole model id. */
export function globMatch(pattern: string, model: string): boolean {
  const re = pattern.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*').replace(/\?/g, '.');
  return new RegExp(`^${re}$`).test(model);
}
