// Every shipped template installs into a workflow and runs to its documented check; listing filters
// and use_count; the widget config's validation, defaults, audit and isolation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEMPLATES } from '../../../src/engine/workflow-templates/catalog';
import { check, readPath } from '../../../src/engine/tests/assertions';
import { startStack, type TestStack } from '../../helpers/stack';
import { createWorkflow, spec, startRun, waitForRun } from '../runs/helpers';

let stack: TestStack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(async () => {
  await stack?.close();
});

describe('templates', () => {
  it('ships at least 25 templates and filters them', async () => {
    expect(TEMPLATES.length).toBeGreaterThanOrEqual(25);
    expect(new Set(TEMPLATES.map((t) => t.id)).size).toBe(TEMPLATES.length);
    const all = (await stack.api('GET', '/engine/v1/v1/templates?limit=200')).body;
    expect(all.total).toBe(TEMPLATES.length);
    expect((await stack.api('GET', '/engine/v1/v1/templates')).body.data.length).toBe(Math.min(50, TEMPLATES.length));
    const featured = (await stack.api('GET', '/engine/v1/v1/templates?featured=true')).body.data;
    expect(featured.length).toBeGreaterThan(0);
    expect(featured.every((t: { featured: boolean }) => t.featured)).toBe(true);
    const advanced = (await stack.api('GET', '/engine/v1/v1/templates?difficulty=advanced&category=ai')).body.data;
    // Not vacuous: the catalogue holds an advanced AI template (the multilingual notice), and only such ones come back.
    expect(advanced.map((t: { id: string }) => t.id)).toContain('tpl_translate_and_log');
    expect(advanced.every((t: { difficulty: string; category: string }) => t.difficulty === 'advanced' && t.category === 'ai')).toBe(true);
    expect((await stack.api('GET', '/engine/v1/v1/templates?difficulty=expert')).status).toBe(422);
    expect((await stack.api('GET', '/engine/v1/v1/templates/tpl_nope')).status).toBe(404);
    const one = (await stack.api('GET', '/engine/v1/v1/templates/tpl_hello_world')).body;
    expect(one.spec.nodes.length).toBe(2);
  });

  it('installs and runs every template to its check, counting installs', async () => {
    const failures: string[] = [];
    for (const template of TEMPLATES) {
      const installed = await stack.api('POST', `/engine/v1/v1/templates/${template.id}/install`, { body: {} });
      if (installed.status !== 201) {
        failures.push(`${template.id}: install ${installed.status} ${installed.text}`);
        continue;
      }
      expect(installed.body.workflow.name).toBe(template.name);
      const { run_id } = await startRun(stack, installed.body.workflow.id, template.sample_input);
      const run = await waitForRun(stack, run_id);
      const root = { ...run.node_outputs, $run: { status: run.status } };
      const actual = readPath(root, template.check.path);
      if (run.status !== 'completed' || !check(template.check, actual)) failures.push(`${template.id}: ${run.status} ${run.error ?? ''} ${template.check.path}=${JSON.stringify(actual)}`);
    }
    expect(failures).toEqual([]);
    const again = await stack.api('POST', '/engine/v1/v1/templates/tpl_hello_world/install', { body: { name: 'mine' } });
    expect(again.body).toMatchObject({ template_id: 'tpl_hello_world', use_count: 2, workflow: { name: 'mine' } });
    expect((await stack.api('GET', '/engine/v1/v1/templates/tpl_hello_world')).body.use_count).toBe(2);
  });
});

describe('widget', () => {
  it('answers a default, validates with 422 loc, saves with an audit entry, isolates accounts', async () => {
    const wf = await createWorkflow(stack, spec([{ id: 'start', type: 'trigger.manual' }], []), { name: 'Support bot' });
    const initial = (await stack.api('GET', `/engine/v1/v1/widget/${wf}`)).body;
    expect(initial).toMatchObject({ workflow_id: wf, configured: false, interface: { title: 'Support bot', fields: [] }, allowed_domains: [], collect_feedback: false });

    const bad = await stack.api('PUT', `/engine/v1/v1/widget/${wf}`, {
      body: { interface: { title: '', fields: [{ name: 'plan', type: 'select', label: 'Plan' }, { name: '1x', label: 'x' }] }, allowed_domains: ['https://x.com/path'] },
    });
    expect(bad.status).toBe(422);
    const locs = bad.body.detail.map((d: { loc: unknown[] }) => d.loc.join('.'));
    expect(locs).toEqual(expect.arrayContaining(['body.interface.title', 'body.interface.fields.0.options', 'body.interface.fields.1.name', 'body.allowed_domains.0']));

    const config = {
      interface: { title: 'Ask us', description: 'We answer fast', fields: [{ name: 'question', type: 'textarea', label: 'Question', required: true }, { name: 'plan', type: 'select', label: 'Plan', options: ['free', 'pro'] }] },
      allowed_domains: ['example.com', '*.example.org'],
      collect_feedback: true,
    };
    const saved = await stack.api('PUT', `/engine/v1/v1/widget/${wf}`, { body: config });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ ...config, configured: true, workflow_id: wf });
    expect((await stack.api('GET', `/engine/v1/v1/widget/${wf}`)).body.interface.fields[1].options).toEqual(['free', 'pro']);
    const audit = (await stack.api('GET', `/engine/v1/v1/audit/workflow/${wf}`)).body.data;
    expect(audit[0]).toMatchObject({ action: 'widget.created' });
    await stack.api('PUT', `/engine/v1/v1/widget/${wf}`, { body: { ...config, collect_feedback: false } });
    const updated = (await stack.api('GET', `/engine/v1/v1/audit/workflow/${wf}?limit=1`)).body.data[0];
    expect(updated.action).toBe('widget.updated');
    expect(updated.diff).toEqual([{ op: 'replace', path: '/collect_feedback', before: true, after: false }]);
    expect((await stack.api('GET', '/engine/v1/v1/audit/recent?limit=5')).body.data[0].id).toBe(updated.id);

    // `options: []` on a non-select field means none (stored as null); only real options there are refused.
    const empty = await stack.api('PUT', `/engine/v1/v1/widget/${wf}`, {
      body: { ...config, interface: { ...config.interface, fields: [{ name: 'question', type: 'textarea', label: 'Question', options: [] }, { name: 'email', type: 'email', label: 'E-mail', options: null }] } },
    });
    expect(empty.status, empty.text).toBe(200);
    expect(empty.body.interface.fields.map((f: { options: unknown }) => f.options)).toEqual([null, null]);
    const stray = await stack.api('PUT', `/engine/v1/v1/widget/${wf}`, {
      body: { ...config, interface: { ...config.interface, fields: [{ name: 'question', type: 'textarea', label: 'Question', options: ['a'] }, { name: 'plan', type: 'select', label: 'Plan', options: [] }] } },
    });
    expect(stray.status).toBe(422);
    expect(stray.body.detail.map((d: { loc: unknown[]; msg: string }) => [d.loc.join('.'), d.msg])).toEqual([
      ['body.interface.fields.0.options', expect.stringContaining('only select fields take options')],
      ['body.interface.fields.1.options', expect.stringContaining('a select field needs at least one option')],
    ]);

    const other = await stack.newAccount();
    expect((await stack.api('GET', `/engine/v1/v1/widget/${wf}`, { key: other.key })).status).toBe(404);
    expect((await stack.api('PUT', `/engine/v1/v1/widget/${wf}`, { body: config, key: other.key })).status).toBe(404);
  });
});
