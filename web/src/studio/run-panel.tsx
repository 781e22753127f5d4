// Running the workflow from the editor: an input form (from the trigger's input schema, or the fields
// its templates read from the trigger), or raw JSON; Run starts the saved version and links its live
// view. Simulate runs the draft as it is on the canvas in the sandbox with chosen nodes mocked
// (POST /workflows/simulate) and shows each node's outcome. Tests lists the workflow's tests, runs
// them with their assertion results, and turns the last run into a test.
import { useEffect, useState } from 'preact/hooks';
import { api, ENGINE } from '../api';
import { formatDuration, formatUsd } from '../format';
import { navigate } from '../nav';
import type { InputField } from './edit-ops';

const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

function InputForm(props: { fields: InputField[]; values: Record<string, unknown>; onChange: (v: Record<string, unknown>) => void }) {
  return (
    <div class="params" data-testid="run-form">
      {props.fields.map((f) => {
        const id = `run-field-${f.name}`;
        const v = props.values[f.name];
        const set = (x: unknown) => {
          const next = { ...props.values };
          if (x === undefined || x === '') delete next[f.name];
          else next[f.name] = x;
          props.onChange(next);
        };
        return (
          <div class="field" key={f.name}>
            <label for={id}>
              {f.name}
              {f.required && (
                <span class="required" aria-label="required">
                  {' '}*
                </span>
              )}
            </label>
            {f.type === 'boolean' ? (
              <input id={id} type="checkbox" checked={v === true} onChange={(e) => set(e.currentTarget.checked)} />
            ) : f.enum ? (
              <select id={id} value={typeof v === 'string' ? v : ''} onChange={(e) => set(e.currentTarget.value)}>
                <option value="">(not set)</option>
                {f.enum.map((o) => (
                  <option key={o} value={o}>
                    {o}
                  </option>
                ))}
              </select>
            ) : f.type === 'number' || f.type === 'integer' ? (
              <input id={id} type="number" value={typeof v === 'number' ? String(v) : ''} onInput={(e) => set(e.currentTarget.value === '' ? undefined : Number(e.currentTarget.value))} />
            ) : f.type === 'json' ? (
              <textarea
                id={id}
                class="json"
                rows={2}
                value={v === undefined ? '' : JSON.stringify(v)}
                onChange={(e) => {
                  try {
                    set(e.currentTarget.value === '' ? undefined : JSON.parse(e.currentTarget.value));
                  } catch {
                    set(e.currentTarget.value);
                  }
                }}
              />
            ) : (
              <input id={id} type="text" value={typeof v === 'string' ? v : ''} onInput={(e) => set(e.currentTarget.value)} />
            )}
            {f.description && <span class="field-desc">{f.description}</span>}
          </div>
        );
      })}
    </div>
  );
}

interface SimNode {
  node_type: string;
  outcome: string;
  output: unknown;
  error: string | null;
  would_be_usd: number;
}
interface Simulation {
  status: string;
  path: string[];
  nodes: Record<string, SimNode>;
  would_be_usd: number;
  duration_ms: number;
  error: string | null;
}
interface TestRow {
  id: string;
  name: string;
  kind: string;
  assertions: unknown[];
  last_result: string | null;
}
interface TestResult {
  result: 'passed' | 'failed';
  run_id: string;
  duration_ms: number;
  message?: string;
  assertions: Array<{ path: string; operator: string; value: unknown; actual: unknown; passed: boolean }>;
}

export function RunPanel(props: {
  workflowId: string | null;
  version: number | null;
  dirty: boolean;
  fields: InputField[];
  nodeIds: string[];
  spec: () => Record<string, unknown>;
}) {
  const [mode, setMode] = useState<'form' | 'json'>(props.fields.length ? 'form' : 'json');
  const [values, setValues] = useState<Record<string, unknown>>({});
  const [raw, setRaw] = useState('{}');
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [lastRun, setLastRun] = useState<string | null>(null);
  const [mocks, setMocks] = useState('{}');
  const [sim, setSim] = useState<Simulation | null>(null);
  const [tests, setTests] = useState<TestRow[] | null>(null);
  const [results, setResults] = useState<Record<string, TestResult>>({});
  const [testName, setTestName] = useState('');
  const wid = props.workflowId;

  const loadTests = () => {
    if (!wid) return;
    api<{ data: TestRow[] }>('GET', `${ENGINE}/tests/workflow/${encodeURIComponent(wid)}`)
      .then((l) => setTests(l.data))
      .catch((err) => setError(messageOf(err)));
  };
  useEffect(loadTests, [wid]);

  const input = (): Record<string, unknown> | null => {
    if (mode === 'form') return values;
    try {
      const v: unknown = JSON.parse(raw || '{}');
      if (v && typeof v === 'object' && !Array.isArray(v)) return v as Record<string, unknown>;
    } catch {
      /* reported below */
    }
    setError('The run input is not a JSON object.');
    return null;
  };

  const act = async (what: string, fn: () => Promise<void>) => {
    setBusy(what);
    setError(null);
    try {
      await fn();
    } catch (err) {
      setError(`${what}: ${messageOf(err)}`);
    } finally {
      setBusy(null);
    }
  };

  const run = () => {
    const body = input();
    if (!body || !wid) return;
    void act('Run', async () => {
      const r = await api<{ run_id: string }>('POST', `${ENGINE}/runs`, { workflow_id: wid, input: body });
      setLastRun(r.run_id);
    });
  };
  const simulate = () => {
    const body = input();
    if (!body || !wid) return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(mocks || '{}');
    } catch {
      setError('The mocks are not JSON.');
      return;
    }
    void act('Simulate', async () => {
      setSim(await api<Simulation>('POST', `${ENGINE}/workflows/simulate`, { workflow_id: wid, initial_payload: body, mocks: parsed, spec_override: props.spec() }));
    });
  };
  const runTest = (t: TestRow) =>
    void act(`Test ${t.name}`, async () => {
      const r = await api<TestResult>('POST', `${ENGINE}/tests/${encodeURIComponent(t.id)}/run`);
      setResults((m) => ({ ...m, [t.id]: r }));
      loadTests();
    });
  const saveAsTest = () =>
    void act('Save as test', async () => {
      await api('POST', `${ENGINE}/tests/from-run`, { run_id: lastRun, name: testName.trim() || `run ${lastRun!.slice(0, 8)}` });
      setTestName('');
      loadTests();
    });

  return (
    <div data-testid="run-panel">
      <h2>Run</h2>
      <div class="tabs" role="radiogroup" aria-label="Run input as">
        <label class="check">
          <input type="radio" name="run-mode" checked={mode === 'form'} onChange={() => setMode('form')} /> Form
        </label>
        <label class="check">
          <input type="radio" name="run-mode" checked={mode === 'json'} onChange={() => setMode('json')} /> JSON
        </label>
      </div>
      {mode === 'form' ? (
        props.fields.length ? (
          <InputForm fields={props.fields} values={values} onChange={setValues} />
        ) : (
          <p class="muted">The workflow reads no input field (set an input schema in Workflow settings, or use JSON).</p>
        )
      ) : (
        <>
          <label for="run-input">Run input (JSON)</label>
          <textarea id="run-input" class="json" rows={3} spellcheck={false} value={raw} onInput={(e) => setRaw(e.currentTarget.value)} />
        </>
      )}
      {props.dirty && wid && <p class="hint">Runs and tests start from the saved version (v{props.version}); Simulate uses the canvas as it is.</p>}
      <div class="row-buttons">
        <button type="button" class="primary" disabled={!wid || busy !== null} onClick={run}>
          {busy === 'Run' ? 'Starting…' : 'Run'}
        </button>
        <button type="button" disabled={!wid || busy !== null} onClick={simulate}>
          {busy === 'Simulate' ? 'Simulating…' : 'Simulate'}
        </button>
      </div>
      {!wid && <p class="hint">Save the workflow first.</p>}
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      {lastRun && (
        <p>
          <a
            href={`/runs/${lastRun}`}
            data-testid="run-link"
            onClick={(e) => {
              e.preventDefault();
              navigate(`/runs/${encodeURIComponent(lastRun)}`);
            }}
          >
            Follow the run live →
          </a>
        </p>
      )}
      <details class="node-settings">
        <summary>Mocks for Simulate</summary>
        <label for="sim-mocks">
          Mocks (JSON: {'{"node_id": {"output": {"main": …}}}'} or {'{"node_id": {"error": "message"}}'}; nodes: {props.nodeIds.join(', ') || 'none'})
        </label>
        <textarea id="sim-mocks" class="json" rows={3} spellcheck={false} value={mocks} onInput={(e) => setMocks(e.currentTarget.value)} />
      </details>
      {sim && (
        <section data-testid="simulation" aria-label="Simulation result">
          <h3>
            Simulation: <span class={`badge ${sim.status}`}>{sim.status}</span> · {formatDuration(sim.duration_ms)} · would cost {formatUsd(sim.would_be_usd)}
          </h3>
          {sim.error && <p class="error">{sim.error}</p>}
          <table class="runs compact">
            <thead>
              <tr>
                <th>Node</th>
                <th>Outcome</th>
                <th>Output / error</th>
              </tr>
            </thead>
            <tbody>
              {Object.entries(sim.nodes).map(([id, n]) => (
                <tr key={id} data-sim-node={id}>
                  <td>
                    <code>{id}</code>
                  </td>
                  <td>{n.outcome}</td>
                  <td>
                    <code class="wrap">{n.error ?? JSON.stringify(n.output)?.slice(0, 200)}</code>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}

      <h3>Tests</h3>
      {!wid ? (
        <p class="muted">Save the workflow to add tests.</p>
      ) : tests === null ? (
        <p class="muted">Loading…</p>
      ) : (
        <>
          {!tests.length && <p class="muted">No tests yet: run the workflow, then save the run as a test.</p>}
          <ul class="plain tests" data-testid="tests">
            {tests.map((t) => {
              const r = results[t.id];
              return (
                <li key={t.id} data-test-name={t.name}>
                  <strong>{t.name}</strong> <span class="muted">({t.assertions.length} assertions)</span>{' '}
                  {t.last_result && <span class={`badge ${t.last_result === 'passed' ? 'completed' : 'failed'}`}>{t.last_result}</span>}{' '}
                  <button type="button" disabled={busy !== null} onClick={() => runTest(t)} aria-label={`Run test ${t.name}`}>
                    Run test
                  </button>
                  {r && (
                    <ul class="plain assertions" data-testid={`test-result-${t.id}`}>
                      {r.message && <li class="muted">{r.message}</li>}
                      {r.assertions.map((a, i) => (
                        <li key={i} class={a.passed ? 'passed' : 'failed'}>
                          {a.passed ? '✓' : '✗'} <code>{a.path}</code> {a.operator} <code>{JSON.stringify(a.value)?.slice(0, 80)}</code>
                          {!a.passed && (
                            <>
                              {' '}
                              (actual <code>{JSON.stringify(a.actual)?.slice(0, 80)}</code>)
                            </>
                          )}
                        </li>
                      ))}
                    </ul>
                  )}
                </li>
              );
            })}
          </ul>
          {lastRun && (
            <form
              class="connect"
              onSubmit={(e) => {
                e.preventDefault();
                saveAsTest();
              }}
            >
              <label for="test-name">Save the last run as a test named</label>
              <input id="test-name" value={testName} onInput={(e) => setTestName(e.currentTarget.value)} />
              <button type="submit" disabled={busy !== null}>
                Save as test
              </button>
            </form>
          )}
        </>
      )}
    </div>
  );
}
