// At least 25 malformed specs, each answered 422 through the API with the right `loc`.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type TestStack } from '../../helpers/stack';
import { edge, node, validSpec } from './fixtures';

let stack: TestStack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(async () => {
  await stack?.close();
});

type Spec = Record<string, any>;

function renameNode(s: Spec, from: string, to: string): Spec {
  for (const n of s.nodes) if (n.id === from) n.id = to;
  for (const e of s.edges) {
    if (e.source === from) e.source = to;
    if (e.target === from) e.target = to;
  }
  return s;
}
const S = ['body', 'spec'];

/** [name, spec mutation (or whole body), expected loc, expected type, msg pattern?] */
const cases: [string, (s: Spec) => unknown, (string | number)[], string, RegExp?][] = [
  ['spec missing', () => undefined, S, 'missing'],
  ['spec not an object', () => 'nodes: []', S, 'dict_type'],
  ['nodes missing', (s) => { delete s.nodes; return s; }, [...S, 'nodes'], 'missing'],
  ['edges missing', (s) => { delete s.edges; return s; }, [...S, 'edges'], 'missing'],
  ['trigger missing', (s) => { delete s.trigger; return s; }, [...S, 'trigger'], 'missing'],
  ['trigger type unknown', (s) => ({ ...s, trigger: { type: 'cron' } }), [...S, 'trigger', 'type'], 'invalid_value'],
  ['schedule trigger without cron', (s) => ({ ...s, trigger: { type: 'schedule', config: {} } }), [...S, 'trigger', 'config', 'cron'], 'missing'],
  ['schedule trigger with a bad cron', (s) => ({ ...s, trigger: { type: 'schedule', config: { cron: 'every day' } } }), [...S, 'trigger', 'config', 'cron'], 'custom', /5-field/],
  ['event trigger without event name', (s) => ({ ...s, trigger: { type: 'event' } }), [...S, 'trigger', 'config', 'event'], 'missing'],
  ['webhook trigger with a bad path', (s) => ({ ...s, trigger: { type: 'webhook', config: { path: '../etc' } } }), [...S, 'trigger', 'config', 'path'], 'invalid_format'],
  ['variables not an object', (s) => ({ ...s, variables: [1] }), [...S, 'variables'], 'record_type'],
  ['max_steps zero', (s) => ({ ...s, max_steps: 0 }), [...S, 'max_steps'], 'too_small'],
  ['max_execution_time_s fractional', (s) => ({ ...s, max_execution_time_s: 1.5 }), [...S, 'max_execution_time_s'], 'int_type'],
  ['usd_cap negative', (s) => ({ ...s, usd_cap: -1 }), [...S, 'usd_cap'], 'too_small'],
  ['error_handler unknown', (s) => ({ ...s, error_handler: 'ignore' }), [...S, 'error_handler'], 'invalid_value'],
  ['no nodes at all', (s) => ({ ...s, nodes: [], edges: [] }), [...S, 'nodes'], 'too_short'],
  ['node without id', (s) => { delete s.nodes[3].id; return s; }, [...S, 'nodes', 3, 'id'], 'missing'],
  ['node id with a dot', (s) => renameNode(s, 'no', 'no.way'), [...S, 'nodes', 3, 'id'], 'invalid_format'],
  ['reserved node id', (s) => renameNode(s, 'no', 'variables'), [...S, 'nodes', 3, 'id'], 'custom'],
  ['node without position', (s) => { delete s.nodes[2].position; return s; }, [...S, 'nodes', 2, 'position'], 'missing'],
  ['position of three numbers', (s) => { s.nodes[2].position = [1, 2, 3]; return s; }, [...S, 'nodes', 2, 'position'], 'too_big'],
  ['duplicate node id', (s) => { s.nodes.push(node('yes', 'io.set')); return s; }, [...S, 'nodes', 5, 'id'], 'duplicate_id', /Duplicate node id "yes"/],
  ['unknown node type', (s) => { s.nodes[3].type = 'io.teleport'; return s; }, [...S, 'nodes', 3, 'type'], 'unknown_node_type'],
  ['param failing the node schema (operator)', (s) => { s.nodes[1].params.operator = 'like'; return s; }, [...S, 'nodes', 1, 'params', 'operator'], 'invalid_value'],
  ['required param missing (http url)', (s) => { s.nodes.push(node('call', 'http.request', { method: 'GET' })); return s; }, [...S, 'nodes', 5, 'params', 'url'], 'missing'],
  ['param of the wrong type (delay seconds)', (s) => { s.nodes.push(node('wait', 'control.delay', { seconds: 'soon' })); return s; }, [...S, 'nodes', 5, 'params', 'seconds'], 'number_type'],
  ['retry with zero attempts', (s) => { s.nodes[2].retry = { max_attempts: 0, backoff: 'fixed' }; return s; }, [...S, 'nodes', 2, 'retry', 'max_attempts'], 'too_small'],
  ['retry with an unknown backoff', (s) => { s.nodes[2].retry = { max_attempts: 2, backoff: 'random' }; return s; }, [...S, 'nodes', 2, 'retry', 'backoff'], 'invalid_value'],
  ['negative timeout_s', (s) => { s.nodes[2].timeout_s = -5; return s; }, [...S, 'nodes', 2, 'timeout_s'], 'too_small'],
  ['continue_on_error not a boolean', (s) => { s.nodes[2].continue_on_error = 'yes'; return s; }, [...S, 'nodes', 2, 'continue_on_error'], 'boolean_type'],
  ['credentials not strings', (s) => { s.nodes[2].credentials = { api: 42 }; return s; }, [...S, 'nodes', 2, 'credentials', 'api'], 'string_type'],
  ['edge without id', (s) => { delete s.edges[2].id; return s; }, [...S, 'edges', 2, 'id'], 'missing'],
  ['duplicate edge id', (s) => { s.edges[3].id = 'e1'; return s; }, [...S, 'edges', 3, 'id'], 'duplicate_id', /Duplicate edge id "e1"/],
  ['edge to an unknown node', (s) => { s.edges[4].target = 'ghost'; return s; }, [...S, 'edges', 4, 'target'], 'unknown_node', /"ghost"/],
  ['edge from an unknown node', (s) => { s.edges[4].source = 'ghost'; return s; }, [...S, 'edges', 4, 'source'], 'unknown_node'],
  ['edge from an unknown output port', (s) => { s.edges[1].source_port = 'maybe'; return s; }, [...S, 'edges', 1, 'source_port'], 'unknown_port', /outputs are: true, false/],
  ['edge into a node without inputs', (s) => { s.nodes.push(node('extra', 'io.set')); s.edges.push(edge('back', 'extra', 'start')); return s; }, [...S, 'edges', 5, 'target_port'], 'unknown_port', /inputs are: none/],
  ['switch edge beyond its cases', (s) => {
    s.nodes.push(node('route', 'logic.switch', { value: 'a', cases: ['a', 'b'] }), node('after', 'io.set'));
    s.edges.push(edge('s1', 'start', 'route'), edge('s2', 'route', 'after', { source_port: 'case_2' }));
    return s;
  }, [...S, 'edges', 6, 'source_port'], 'unknown_port', /case_0, case_1, default/],
  ['a cycle', (s) => { s.edges.push(edge('loop', 'join', 'check')); return s; }, [...S, 'edges', 5], 'cycle', /^cycle: check → yes → join → check$/],
  ['a self-loop', (s) => { s.edges.push(edge('self', 'no', 'no')); return s; }, [...S, 'edges', 5], 'cycle', /^cycle: no → no$/],
  ['template to a node that is not upstream', (s) => { s.nodes[3].params.values.text = '{{yes.output.main.text}}'; return s; }, [...S, 'nodes', 3, 'params', 'values', 'text'], 'not_upstream', /not upstream of "no"/],
  ['template to a node of its own', (s) => { s.nodes[3].params.values.text = '{{no.output.main}}'; return s; }, [...S, 'nodes', 3, 'params', 'values', 'text'], 'not_upstream'],
  ['template to an unknown node', (s) => { s.nodes[3].params.values.text = 'x {{ghost.output.main}}'; return s; }, [...S, 'nodes', 3, 'params', 'values', 'text'], 'unknown_node'],
  ['template to an undefined variable', (s) => { s.nodes[3].params.values.list = ['{{variables.missing}}']; return s; }, [...S, 'nodes', 3, 'params', 'values', 'list', 0], 'unknown_variable'],
  ['template that is not a reference', (s) => { s.nodes[3].params.values.text = '{{start.main}}'; return s; }, [...S, 'nodes', 3, 'params', 'values', 'text'], 'invalid_template'],
  ['template to an unknown port', (s) => { s.nodes[2].params.values.text = '{{check.output.maybe}}'; return s; }, [...S, 'nodes', 2, 'params', 'values', 'text'], 'unknown_port'],
];

describe('malformed specs answer 422 with the right loc', () => {
  it(`has at least 25 cases (${cases.length})`, () => {
    expect(cases.length).toBeGreaterThanOrEqual(25);
  });

  it.each(cases)('%s', async (_name, mutate, loc, type, msg) => {
    const spec = mutate(validSpec());
    const r = await stack.api('POST', '/engine/v1/v1/workflows', { body: { name: 'bad', spec } });
    expect(r.status).toBe(422);
    expect(Array.isArray(r.body.detail)).toBe(true);
    const found = r.body.detail.find((d: any) => JSON.stringify(d.loc) === JSON.stringify(loc));
    expect(found, `loc ${JSON.stringify(loc)} among ${JSON.stringify(r.body.detail)}`).toBeDefined();
    expect(found.type).toBe(type);
    expect(typeof found.msg).toBe('string');
    if (msg) expect(found.msg).toMatch(msg);
    // Exactly one problem was introduced, so exactly one is reported (no noise).
    expect(r.body.detail, JSON.stringify(r.body.detail)).toHaveLength(1);
  });

  it('reports every problem at once', async () => {
    const s = validSpec();
    s.max_steps = -1;
    s.nodes[1].params.operator = 'like';
    s.nodes[2].type = 'nope.nope';
    s.nodes.push(node('start', 'io.set'));
    s.edges.push(edge('e1', 'join', 'ghost'), edge('loop', 'join', 'check'));
    s.nodes[3].params.values.text = '{{variables.nope}}';
    const r = await stack.api('POST', '/engine/v1/v1/workflows', { body: { name: 'bad', spec: s } });
    expect(r.status).toBe(422);
    const locs = r.body.detail.map((d: any) => d.loc.join('.'));
    expect(locs).toEqual(expect.arrayContaining([
      'body.spec.max_steps',
      'body.spec.nodes.1.params.operator',
      'body.spec.nodes.2.type',
      'body.spec.nodes.5.id',
      'body.spec.edges.5.id',
      'body.spec.edges.5.target',
      'body.spec.edges.6',
      'body.spec.nodes.3.params.values.text',
    ]));
    // Nothing was written.
    const list = await stack.api('GET', '/engine/v1/v1/workflows');
    expect(list.body.total).toBe(0);
  });

  it('accepts templates where a param expects another type (checked again at run time)', async () => {
    const s = validSpec();
    s.nodes.push(node('wait', 'control.delay', { seconds: '{{variables.threshold}}' }));
    s.edges.push(edge('w', 'start', 'wait'));
    const r = await stack.api('POST', '/engine/v1/v1/workflows', { body: { name: 'ok', spec: s } });
    expect(r.status).toBe(201);
  });

  it('accepts the trigger configs each type allows', async () => {
    for (const trigger of [
      { type: 'manual' },
      { type: 'schedule', config: { cron: '*/5 * * * 1-5', timezone: 'Europe/Warsaw' } },
      { type: 'webhook' },
      { type: 'webhook', config: { path: 'orders/new', secret: 's3cret' } },
      { type: 'event', config: { event: 'run.completed' } },
    ]) {
      const r = await stack.api('POST', '/engine/v1/v1/workflows', { body: { name: 'ok', spec: { ...validSpec(), trigger } } });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
    }
  });
});
