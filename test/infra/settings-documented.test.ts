// Every environment setting the configuration reads is documented on docs/configuration.md, by its
// full name or in a brace group (`ATELIER_OPENAI_{CHAT,IMAGE}_{BASE_URL,API_KEY}`).
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { settingNames } from '../../src/config';

/** `A_{X,Y}_{P,Q}` → A_X_P, A_X_Q, A_Y_P, A_Y_Q. */
function expand(token: string): string[] {
  const m = /\{([^{}]*)\}/.exec(token);
  if (!m) return [token];
  return m[1]!.split(',').flatMap((alt) => expand(token.slice(0, m.index) + alt + token.slice(m.index + m[0].length)));
}

describe('docs/configuration.md', () => {
  it('documents every setting the configuration reads', () => {
    const doc = readFileSync(join(resolve(import.meta.dirname, '../..'), 'docs/configuration.md'), 'utf8');
    const documented = new Set([...doc.matchAll(/`([A-Z][A-Z0-9_{},]*)`/g)].flatMap((m) => expand(m[1]!)));
    expect([...settingNames()].filter((name) => !documented.has(name))).toEqual([]);
  });
});
