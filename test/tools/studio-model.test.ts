// The Studio's pure parts: the planner's 422 `loc` mapped onto the node and field it names, the
// spec a draft becomes, undo/redo with typing coalesced into one step, and fresh node ids.
import { describe, expect, it } from 'vitest';
import { validateSpec } from '../../src/engine/workflows-service';
import { ApiError } from '../../src/infra/http/errors';
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
});
