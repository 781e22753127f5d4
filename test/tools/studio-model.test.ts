// The Studio's pure parts: the planner's 422 `loc` mapped onto the node, field or setting it names,
// the spec a draft becomes, undo/redo with typing coalesced into one step, fresh node ids, renaming,
// copy and paste, version diffs, template suggestions and the run form's fields.
import { describe, expect, it } from 'vitest';
import { validateSpec } from '../../src/engine/workflows/service';
import '../install-node-registry';
import { ApiError } from '../../src/infra/http/errors';
import {
  completeTemplate,
  copyNodes,
  diffSpecs,
  inputFieldsOf,
  isEmptyDiff,
  nodeIdProblem,
  openTemplateAt,
  pasteNodes,
  renameNode,
  templateSuggestions,
  upstreamOf,
} from '../../web/src/studio/edit-ops';
import { draftOf, freshId, History, issuesOf, specOf, type Draft } from '../../web/src/studio/model';

const draft = (): Draft => ({
  nodes: [
    { id: 'manual', type: 'trigger.manual', position: [40, 40], params: {} },
    { id: 'set', type: 'io.set', position: [280, 40], params: { values: ['not', 'an object'] } },
  ],
  edges: [{ id: 'e1', source: 'manual', source_port: 'main', target: 'set', target_port: 'main' }],
});

/** What the planner answers for a draft: its 422 list, or [] when it accepts it. */
function verdict(d: Draft): unknown[] {
  try {
    validateSpec(specOf(d));
    return [];
  } catch (err) {
    if (!(err instanceof ApiError) || err.status !== 422) throw err;
    return (err.body as { detail: unknown[] }).detail;
  }
}

describe('studio model', () => {
  it("puts the planner's issue on the node and parameter its loc names", () => {
    const d = draft();
    const detail = verdict(d);
    expect(detail.length).toBeGreaterThan(0);
    const issues = issuesOf(detail, d);
    expect(issues).toContainEqual(expect.objectContaining({ nodeId: 'set', field: 'values' }));

    d.nodes[1]!.params = { values: { greeting: 'hi {{manual.output.main.who}}' } };
    expect(verdict(d)).toEqual([]);
  });

  it('maps edge and whole-spec locations, and a node-level setting', () => {
    const d = draft();
    const issues = issuesOf(
      [
        { loc: ['body', 'spec', 'edges', 0, 'target'], msg: 'unknown node' },
        { loc: ['body', 'spec', 'nodes'], msg: 'too short' },
        { loc: ['body', 'spec', 'nodes', 0, 'timeout_s'], msg: 'too big' },
        { loc: ['body', 'spec', 'nodes', 1, 'params'], msg: 'expected object' },
      ],
      d,
    );
    expect(issues).toEqual([
      { edgeId: 'e1', msg: 'unknown node' },
      { msg: 'nodes: too short' },
      { nodeId: 'manual', field: 'timeout_s', msg: 'too big' },
      { nodeId: 'set', field: '', msg: 'expected object' },
    ]);
  });

  it('turns a draft into a spec with the trigger of its trigger node, and back', () => {
    const spec = specOf({ ...draft(), nodes: [{ id: 'hook', type: 'trigger.webhook', position: [0, 0], params: {}, continue_on_error: true }] });
    expect(spec.trigger).toEqual({ type: 'webhook', config: {} });
    expect((spec.nodes as Array<Record<string, unknown>>)[0]).toMatchObject({ id: 'hook', continue_on_error: true });
    expect(specOf({ nodes: [], edges: [] }).trigger).toEqual({ type: 'manual', config: {} });
    const back = draftOf(specOf(draft()) as never);
    expect(back.nodes.map((n) => n.id)).toEqual(['manual', 'set']);
    expect(back.edges[0]).toMatchObject({ source: 'manual', target: 'set' });
  });

  it('undoes typing in one field as one step, other edits one by one, and redoes', () => {
    const h = new History();
    const a = draft();
    const b = { ...a, nodes: a.nodes.slice(0, 1) };
    const c1 = { ...b, edges: [] };
    const c2 = { ...c1 };
    h.record(a); // a → b (delete)
    h.record(b, 'param:set:values'); // b → c1 (typing)
    h.record(c1, 'param:set:values'); // c1 → c2 (more typing: same step)
    expect(h.undo(c2)).toBe(b);
    expect(h.undo(b)).toBe(a);
    expect(h.undo(a)).toBeUndefined();
    expect(h.redo(a)).toBe(b);
    expect(h.redo(b)).toBe(c2);
    expect(h.redo(c2)).toBeUndefined();
  });

  it('names new nodes after their type, never reusing an id', () => {
    expect(freshId('io.set', [])).toBe('set');
    expect(freshId('io.set', ['set', 'set_2'])).toBe('set_3');
    expect(freshId('http.request', ['request'])).toBe('request_2');
    expect(freshId('io.text-case', [])).toBe('text_case');
  });

  it('keeps workflow settings and node settings through spec and back, and maps setting issues', () => {
    const d: Draft = {
      ...draft(),
      settings: { variables: { greeting: 'hi' }, usd_cap: 0.5, error_handler: 'continue', trigger_config: { input_schema: { type: 'object', properties: { who: { type: 'string' } } } } },
    };
    d.nodes[1] = { ...d.nodes[1]!, params: { values: { a: 1 } }, retry: { max_attempts: 3, backoff: 'fixed' }, timeout_s: 20, notes: 'n', credentials: { slack: 'conn_1' } };
    const spec = specOf(d);
    expect(spec).toMatchObject({ variables: { greeting: 'hi' }, usd_cap: 0.5, error_handler: 'continue', trigger: { type: 'manual', config: { input_schema: { type: 'object' } } } });
    expect(verdict(d)).toEqual([]);
    const back = draftOf(spec as never);
    expect(back.settings).toEqual(d.settings);
    expect(back.nodes[1]).toMatchObject({ retry: { max_attempts: 3, backoff: 'fixed' }, timeout_s: 20, notes: 'n', credentials: { slack: 'conn_1' } });

    const bad: Draft = { ...draft(), nodes: [{ id: 'cron', type: 'trigger.schedule', position: [0, 0], params: {} }], edges: [], settings: { usd_cap: -1 } };
    expect(issuesOf(verdict(bad), bad)).toContainEqual(expect.objectContaining({ setting: 'usd_cap' }));
    bad.settings = { trigger_config: { cron: 'nope' } };
    expect(issuesOf(verdict(bad), bad)).toContainEqual(expect.objectContaining({ setting: 'trigger.cron' }));
  });

  it('renames a node with its edges and the templates that read it', () => {
    const d = draft();
    d.nodes[1]!.params = { values: { a: '{{manual.output.main.who}} and {{ manual.output.main }}', b: '{{manualx.output.main}}' } };
    const r = renameNode(d, 'manual', 'start');
    expect(r.nodes.map((n) => n.id)).toEqual(['start', 'set']);
    expect(r.edges[0]).toMatchObject({ source: 'start', target: 'set' });
    expect(r.nodes[1]!.params.values).toEqual({ a: '{{start.output.main.who}} and {{ start.output.main }}', b: '{{manualx.output.main}}' });
    expect(verdict({ ...r, nodes: r.nodes.map((n) => (n.id === 'set' ? { ...n, params: { values: { a: '{{start.output.main.who}}' } } } : n)) })).toEqual([]);
    expect(nodeIdProblem('start', ['start'])).toMatch(/already/);
    expect(nodeIdProblem('variables', [])).toMatch(/reserved/);
    expect(nodeIdProblem('a b', [])).toMatch(/letters/);
    expect(nodeIdProblem('ok_1', [])).toBeNull();
  });

  it('pastes copies under fresh ids with their inner edges and templates following', () => {
    const d = draft();
    d.nodes[1]!.params = { values: { a: '{{manual.output.main.who}}' } };
    const clip = copyNodes(d, ['manual', 'set']);
    expect(clip.edges).toHaveLength(1);
    const { draft: out, ids } = pasteNodes(d, clip);
    expect(ids).toEqual(['manual_2', 'set_2']);
    expect(out.nodes).toHaveLength(4);
    expect(out.nodes[2]!.position).toEqual([80, 80]);
    expect(out.edges[1]).toMatchObject({ source: 'manual_2', target: 'set_2' });
    expect(new Set(out.edges.map((e) => e.id)).size).toBe(2);
    expect(out.nodes[3]!.params).toEqual({ values: { a: '{{manual_2.output.main.who}}' } });
    // Copying one node alone drops its edges; the original is untouched.
    const one = pasteNodes(out, copyNodes(out, ['set']));
    expect(one.ids).toEqual(['set_3']);
    expect(one.draft.edges).toHaveLength(2);
    expect(d.nodes[1]!.params).toEqual({ values: { a: '{{manual.output.main.who}}' } });
  });

  it('diffs two specs by nodes, edges, params and settings, not positions', () => {
    const a = specOf(draft()) as never;
    const d2 = draft();
    d2.nodes[0]!.position = [500, 500];
    expect(isEmptyDiff(diffSpecs(a, specOf(d2) as never))).toBe(true);
    d2.nodes[1]!.params = { values: { x: 1 } };
    d2.nodes.push({ id: 'log', type: 'system.log', position: [0, 0], params: {} });
    d2.edges.push({ id: 'e2', source: 'set', target: 'log' });
    d2.settings = { usd_cap: 1 };
    const diff = diffSpecs(a, specOf(d2) as never);
    expect(diff.addedNodes).toEqual(['log']);
    expect(diff.removedNodes).toEqual([]);
    expect(diff.addedEdges).toEqual(['set.main → log.main']);
    expect(diff.changedNodes).toEqual([{ id: 'set', params: [{ key: 'values', before: ['not', 'an object'], after: { x: 1 } }], other: [] }]);
    expect(diff.settings).toEqual(['usd_cap']);
    const back = diffSpecs(specOf(d2) as never, a);
    expect(back.removedNodes).toEqual(['log']);
    expect(back.removedEdges).toEqual(['set.main → log.main']);
  });

  it('suggests upstream output ports and variables for templates, and completes an open {{', () => {
    const d: Draft = {
      nodes: [
        { id: 'manual', type: 'trigger.manual', position: [0, 0], params: {} },
        { id: 'ok', type: 'control.approval', position: [0, 0], params: {} },
        { id: 'set', type: 'io.set', position: [0, 0], params: {} },
        { id: 'side', type: 'io.set', position: [0, 0], params: {} },
      ],
      edges: [
        { id: 'e1', source: 'manual', target: 'ok' },
        { id: 'e2', source: 'ok', source_port: 'approved', target: 'set' },
      ],
      settings: { variables: { tone: 'warm' } },
    };
    expect(upstreamOf(d, 'set')).toEqual(['manual', 'ok']);
    const ports = (id: string) => (id === 'ok' ? ['approved', 'rejected', 'error'] : ['main', 'error']);
    expect(templateSuggestions(d, 'set', ports).map((s) => s.expression)).toEqual([
      'manual.output.main',
      'manual.output.error',
      'ok.output.approved',
      'ok.output.rejected',
      'ok.output.error',
      'variables.tone',
    ]);
    expect(templateSuggestions(d, 'side', ports).map((s) => s.expression)).toEqual(['variables.tone']);

    expect(openTemplateAt('hi {{ok.out', 11)).toEqual({ start: 3, typed: 'ok.out' });
    expect(openTemplateAt('hi {{ok}} x', 11)).toBeNull();
    expect(openTemplateAt('{"a": "{{', 9)).toEqual({ start: 7, typed: '' });
    expect(completeTemplate('{"a": "{{ok.ap"}', 14, { start: 7 }, 'ok.output.approved')).toEqual({ text: '{"a": "{{ok.output.approved}}"}', caret: 29 });
    expect(completeTemplate('x {{m}} y', 5, { start: 2 }, 'manual.output.main').text).toBe('x {{manual.output.main}} y');
  });

  it("derives the run form from the trigger's input schema, else the widget's fields, else the fields templates read", () => {
    const d = draft();
    d.nodes[1]!.params = { values: { a: '{{manual.output.main.who}}', b: '{{manual.output.main.city}}-{{manual.output.main.who}}' } };
    expect(inputFieldsOf(d)).toEqual([
      { name: 'who', type: 'string', required: true },
      { name: 'city', type: 'string', required: true },
    ]);
    const widget = [
      { name: 'email', type: 'email' as const, label: 'Your e-mail', required: true, options: null },
      { name: 'size', type: 'select' as const, label: 'size', required: false, options: ['s', 'm'] },
      { name: 'count', type: 'number' as const, label: 'How many', required: false, options: null },
    ];
    expect(inputFieldsOf(d, widget)).toEqual([
      { name: 'email', type: 'string', required: true, description: 'Your e-mail', enum: undefined },
      { name: 'size', type: 'string', required: false, description: undefined, enum: ['s', 'm'] },
      { name: 'count', type: 'number', required: false, description: 'How many', enum: undefined },
    ]);
    d.settings = { trigger_config: { input_schema: { type: 'object', properties: { n: { type: 'integer', description: 'how many' }, mood: { type: 'string', enum: ['a', 'b'] }, extra: {} }, required: ['n'] } } };
    expect(inputFieldsOf(d)).toEqual([
      { name: 'n', type: 'integer', required: true, description: 'how many', enum: undefined },
      { name: 'mood', type: 'string', required: false, description: undefined, enum: ['a', 'b'] },
      { name: 'extra', type: 'json', required: false, description: undefined, enum: undefined },
    ]);
  });
});
