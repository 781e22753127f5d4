// Lints a fixture as if it were a file of the project: ESLint with the project's config, without
// type information (the fixture is not a file of the project), so the architecture tests can show
// a rule firing on what it forbids and staying quiet on what it allows.
import { resolve } from 'node:path';
import { ESLint } from 'eslint';

export const ROOT = resolve(import.meta.dirname, '../..');

/** The messages (`rule: message`) linting `code` as the file at `path` (relative to the root) gives. */
export async function lintFixture(path: string, code: string): Promise<Array<{ ruleId: string | null; message: string }>> {
  const eslint = new ESLint({
    cwd: ROOT,
    overrideConfig: {
      languageOptions: { parserOptions: { projectService: false, project: null } },
      rules: { '@typescript-eslint/no-floating-promises': 'off', '@typescript-eslint/no-misused-promises': 'off' },
    },
  });
  const [result] = await eslint.lintText(code, { filePath: resolve(ROOT, path) });
  return result!.messages.map((m) => ({ ruleId: m.ruleId, message: m.message }));
}
