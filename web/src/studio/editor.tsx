// /studio/{workflow_id} (or /studio/new): the editor. Catalogue on the left, canvas in the middle,
// the selected node's parameters, the versions and Run on the right. Every edit is checked by the
// server (POST /workflows/validate, debounced): its issues land on the node and the field their
// `loc` points at and vanish once the server accepts the spec. Save = POST, then PUT (a version each).
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { api, ApiFailure, ENGINE, type List, type SpecEdge, type SpecNode } from '../api';
import { relativeTime } from '../format';
import { layoutGraph } from '../layout';
import { navigate } from '../nav';
import { Canvas, portsOf, type Selection } from './canvas';
import { draftOf, freshId, History, issuesOf, specOf, type Draft, type Issue, type NodeTypeSummary } from './model';
import { ParamsForm, type ParamsSchema } from './params-form';

const VALIDATE_DELAY_MS = 350;

interface WorkflowView {
  id: string;
  name: string;
  version: number;
  active: boolean;
  spec?: { nodes: SpecNode[]; edges: SpecEdge[] };
}

interface VersionRow {
  version: number;
  created_at: string;
  current: boolean;
  origin: string;
}

const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));
const inField = (t: EventTarget | null) => t instanceof HTMLElement && (t.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(t.tagName));

export function StudioEditor(props: { workflowId: string }) {
  const [id, setId] = useState<string | null>(props.workflowId === 'new' ? null : props.workflowId);
  const [name, setName] = useState('Untitled workflow');
  const [draft, setDraft] = useState<Draft>({ nodes: [], edges: [] });
  const [selection, setSelection] = useState<Selection>(null);
  const [catalogue, setCatalogue] = useState<NodeTypeSummary[]>([]);
  const [schemas, setSchemas] = useState<Map<string, ParamsSchema>>(new Map());
  const [issues, setIssues] = useState<Issue[]>([]);
  /** The draft the shown issues are about: any other draft is still being checked. */
  const [verdictFor, setVerdictFor] = useState<Draft | null>(null);
  const [version, setVersion] = useState<number | null>(null);
  const [versions, setVersions] = useState<VersionRow[]>([]);
  const [dirty, setDirty] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [query, setQuery] = useState('');
  const [category, setCategory] = useState('');
  const [runInput, setRunInput] = useState('{}');
  const [lastRun, setLastRun] = useState<string | null>(null);
  const undoLog = useRef(new History()).current;
  const draftRef = useRef(draft);
  draftRef.current = draft;

  const types = useMemo(() => new Map(catalogue.map((t) => [t.type, t])), [catalogue]);

  /** Every edit goes through here: one undo step (or a coalesced one) and a fresh validation. */
  const change = (next: Draft, coalesce?: string) => {
    undoLog.record(draftRef.current, coalesce);
    setDraft(next);
    setDirty(true);
  };

  const loadVersions = (wid: string) =>
    api<List<VersionRow>>('GET', `${ENGINE}/workflows/${encodeURIComponent(wid)}/versions`)
      .then((l) => setVersions([...l.data].sort((a, b) => b.version - a.version)))
      .catch((err) => setError(messageOf(err)));

  useEffect(() => {
    api<List<NodeTypeSummary>>('GET', `${ENGINE}/nodes`)
      .then((l) => setCatalogue(l.data))
      .catch((err) => setError(messageOf(err)));
    if (!id) return;
    api<WorkflowView>('GET', `${ENGINE}/workflows/${encodeURIComponent(id)}`)
      .then((w) => {
        setName(w.name);
        setVersion(w.version);
        if (w.spec) setDraft(draftOf(w.spec));
        undoLog.reset();
        setDirty(false);
      })
      .catch((err) => setError(messageOf(err)));
    void loadVersions(id);
  }, []);

  // The parameter schema of each type on the canvas, once.
  useEffect(() => {
    for (const t of new Set(draft.nodes.map((n) => n.type))) {
      if (schemas.has(t) || !types.has(t)) continue;
      api<{ params_schema: ParamsSchema }>('GET', `${ENGINE}/nodes/${encodeURIComponent(t)}`)
        .then((d) => setSchemas((m) => new Map(m).set(t, d.params_schema)))
        .catch(() => undefined);
    }
  }, [draft, types, schemas]);

  // The server's verdict on the draft, a moment after the last edit; stale answers are dropped.
  const seq = useRef(0);
  useEffect(() => {
    const mine = ++seq.current;
    const sent = draft;
    const timer = setTimeout(() => {
      api('POST', `${ENGINE}/workflows/validate`, { spec: specOf(sent) })
        .then(() => {
          if (mine !== seq.current) return;
          setIssues([]);
          setVerdictFor(sent);
        })
        .catch((err) => {
          if (mine !== seq.current) return;
          setIssues(err instanceof ApiFailure && err.status === 422 ? issuesOf(err.detail, sent) : [{ msg: `Could not validate: ${messageOf(err)}` }]);
          setVerdictFor(sent);
        });
    }, VALIDATE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [draft]);
  const checking = verdictFor !== draft;

  const undo = () => {
    const prev = undoLog.undo(draftRef.current);
    if (!prev) return;
    setDraft(prev);
    setDirty(true);
  };
  const redo = () => {
    const next = undoLog.redo(draftRef.current);
    if (!next) return;
    setDraft(next);
    setDirty(true);
  };
  const removeSelected = (sel: Selection) => {
    const d = draftRef.current;
    if (!sel) return;
    if (sel.kind === 'node') change({ nodes: d.nodes.filter((n) => n.id !== sel.id), edges: d.edges.filter((e) => e.source !== sel.id && e.target !== sel.id) });
    else change({ ...d, edges: d.edges.filter((e) => e.id !== sel.id) });
    setSelection(null);
  };

  const selectionRef = useRef(selection);
  selectionRef.current = selection;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (inField(e.target)) return; // text fields keep their own undo
      const mod = e.ctrlKey || e.metaKey;
      if (mod && e.key.toLowerCase() === 'z') {
        e.preventDefault();
        if (e.shiftKey) redo();
        else undo();
      } else if (mod && e.key.toLowerCase() === 'y') {
        e.preventDefault();
        redo();
      } else if (e.key === 'Delete' || e.key === 'Backspace') {
        if (selectionRef.current) {
          e.preventDefault();
          removeSelected(selectionRef.current);
        }
      }
    };
    addEventListener('keydown', onKey);
    return () => removeEventListener('keydown', onKey);
  }, []);

  const addNode = (type: string) => {
    const d = draftRef.current;
    const nid = freshId(type, d.nodes.map((n) => n.id));
    const right = d.nodes.reduce((m, n) => Math.max(m, n.position[0]), -Infinity);
    const position: [number, number] = Number.isFinite(right) ? [right + 240, d.nodes.find((n) => n.position[0] === right)!.position[1]] : [40, 40];
    change({ ...d, nodes: [...d.nodes, { id: nid, type, position, params: {} }] });
    setSelection({ kind: 'node', id: nid });
  };

  const connect = (edge: Omit<SpecEdge, 'id'>) => {
    const d = draftRef.current;
    const same = d.edges.some((e) => e.source === edge.source && (e.source_port ?? 'main') === edge.source_port && e.target === edge.target && (e.target_port ?? 'main') === edge.target_port);
    if (same) return;
    const taken = new Set(d.edges.map((e) => e.id));
    let n = d.edges.length + 1;
    while (taken.has(`e${n}`)) n++;
    change({ ...d, edges: [...d.edges, { id: `e${n}`, ...edge }] });
  };

  const autoLayout = () => {
    const d = draftRef.current;
    if (!d.nodes.length) return;
    const placed = layoutGraph(d, types, { forceDagre: true });
    const at = new Map(placed.nodes.map((n) => [n.id, [Math.round(n.x), Math.round(n.y)] as [number, number]]));
    change({ ...d, nodes: d.nodes.map((n) => ({ ...n, position: at.get(n.id) ?? n.position })) });
  };

  const setParam = (nodeId: string, key: string, value: unknown) => {
    const d = draftRef.current;
    change(
      {
        ...d,
        nodes: d.nodes.map((n) => {
          if (n.id !== nodeId) return n;
          const params = { ...n.params };
          if (value === undefined) delete params[key];
          else params[key] = value;
          return { ...n, params };
        }),
      },
      `param:${nodeId}:${key}`,
    );
  };

  const save = async () => {
    setBusy('save');
    setError(null);
    setNotice(null);
    try {
      const body = { name: name.trim() || 'Untitled workflow', spec: specOf(draftRef.current) };
      const w = id
        ? await api<WorkflowView>('PUT', `${ENGINE}/workflows/${encodeURIComponent(id)}`, body)
        : await api<WorkflowView>('POST', `${ENGINE}/workflows`, body);
      if (!id) {
        setId(w.id);
        // The address now names the workflow (no remount: the editor keeps its undo history).
        window.history.replaceState(null, '', `/studio/${encodeURIComponent(w.id)}`);
      }
      setVersion(w.version);
      setDirty(false);
      setNotice(`Saved as version ${w.version}.`);
      await loadVersions(w.id);
    } catch (err) {
      if (err instanceof ApiFailure && err.status === 422) setIssues(issuesOf(err.detail, draftRef.current));
      setError(`Not saved: ${messageOf(err)}`);
    } finally {
      setBusy(null);
    }
  };

  const openVersion = async (n: number) => {
    if (!id) return;
    try {
      const v = await api<{ spec: { nodes: SpecNode[]; edges: SpecEdge[] } }>('GET', `${ENGINE}/workflows/${encodeURIComponent(id)}/versions/${n}`);
      change(draftOf(v.spec));
      setSelection(null);
      setNotice(`Version ${n} loaded into the editor; save to make it the current version.`);
    } catch (err) {
      setError(messageOf(err));
    }
  };

  const run = async () => {
    if (!id) return;
    setError(null);
    let input: unknown;
    try {
      input = JSON.parse(runInput || '{}');
    } catch {
      setError('The run input is not JSON.');
      return;
    }
    setBusy('run');
    try {
      const r = await api<{ run_id: string }>('POST', `${ENGINE}/runs`, { workflow_id: id, input });
      setLastRun(r.run_id);
    } catch (err) {
      setError(`Not started: ${messageOf(err)}`);
    } finally {
      setBusy(null);
    }
  };

  const selectedNode = selection?.kind === 'node' ? draft.nodes.find((n) => n.id === selection.id) : undefined;
  const selectedEdge = selection?.kind === 'edge' ? draft.edges.find((e) => e.id === selection.id) : undefined;
  const nodeIssues = selectedNode ? issues.filter((i) => i.nodeId === selectedNode.id) : [];
  const selectedSchema = selectedNode ? schemas.get(selectedNode.type) : undefined;
  const fieldNames = new Set(Object.keys(selectedSchema?.properties ?? {}));
  const generalIssues = issues.filter((i) => !i.nodeId && !i.edgeId);
  const categories = [...new Set(catalogue.map((t) => t.category))].sort();
  const q = query.trim().toLowerCase();
  const shownTypes = catalogue.filter(
    (t) => (!category || t.category === category) && (!q || t.type.toLowerCase().includes(q) || t.name.toLowerCase().includes(q) || t.description.toLowerCase().includes(q)),
  );

  return (
    <section class="studio">
      <div class="studio-bar">
        <a
          href="/studio"
          onClick={(e) => {
            e.preventDefault();
            navigate('/studio');
          }}
        >
          ← Workflows
        </a>
        <label class="name">
          <span class="sr-only">Workflow name</span>
          <input aria-label="Workflow name" value={name} onInput={(e) => (setName(e.currentTarget.value), setDirty(true))} />
        </label>
        <span class="muted" data-testid="saved-version">
          {version ? `v${version}` : 'not saved'}
          {dirty ? ' · unsaved changes' : ''}
        </span>
        <span class={`validity ${checking ? 'checking' : issues.length ? 'invalid' : 'valid'}`} data-testid="validation" data-state={checking ? 'checking' : issues.length ? 'invalid' : 'valid'}>
          {checking ? 'Checking…' : issues.length ? `${issues.length} issue${issues.length === 1 ? '' : 's'}` : 'Valid'}
        </span>
        <span class="spacer" />
        <button type="button" onClick={undo} title="Undo (Ctrl+Z)">
          Undo
        </button>
        <button type="button" onClick={redo} title="Redo (Ctrl+Shift+Z)">
          Redo
        </button>
        <button type="button" onClick={autoLayout}>
          Auto-layout
        </button>
        <button type="button" class="primary" disabled={busy === 'save'} onClick={() => void save()}>
          {busy === 'save' ? 'Saving…' : 'Save'}
        </button>
      </div>
      {(error || notice) && (
        <p class={error ? 'error' : 'notice'} role={error ? 'alert' : 'status'} data-testid="studio-message">
          {error ?? notice}
        </p>
      )}
      <div class="studio-body">
        <aside class="catalogue" aria-label="Node catalogue">
          <label>
            Search nodes
            <input type="search" value={query} onInput={(e) => setQuery(e.currentTarget.value)} />
          </label>
          <label>
            Category
            <select value={category} onChange={(e) => setCategory(e.currentTarget.value)}>
              <option value="">All categories</option>
              {categories.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </select>
          </label>
          <ul>
            {shownTypes.slice(0, 150).map((t) => (
              <li key={t.type}>
                <button type="button" class="add-node" data-type={t.type} title={t.description} onClick={() => addNode(t.type)}>
                  <strong>{t.name}</strong> <code>{t.type}</code>
                </button>
              </li>
            ))}
          </ul>
        </aside>
        <div class="canvas-wrap">
          {generalIssues.length > 0 && (
            <ul class="general-issues" data-testid="general-issues">
              {generalIssues.map((i, n) => (
                <li key={n}>{i.msg}</li>
              ))}
            </ul>
          )}
          <Canvas
            draft={draft}
            catalogue={types}
            issues={issues}
            selection={selection}
            onSelect={setSelection}
            onMove={(nid, position) => setDraft((d) => ({ ...d, nodes: d.nodes.map((n) => (n.id === nid ? { ...n, position } : n)) }))}
            onMoved={(nid, from) => {
              const d = draftRef.current;
              undoLog.record({ ...d, nodes: d.nodes.map((n) => (n.id === nid ? { ...n, position: from } : n)) });
              setDirty(true);
            }}
            onConnect={connect}
          />
        </div>
        <aside class="inspector" aria-label="Inspector">
          {selectedNode ? (
            <div data-testid="node-panel">
              <h2>
                <code>{selectedNode.id}</code>
              </h2>
              <p class="muted">
                {types.get(selectedNode.type)?.name ?? selectedNode.type} · <code>{selectedNode.type}</code>
              </p>
              {nodeIssues
                .filter((i) => i.field === undefined || !fieldNames.has(i.field))
                .map((i, n) => (
                  <p class="field-error" role="alert" key={n}>
                    {i.field ? `${i.field}: ` : ''}
                    {i.msg}
                  </p>
                ))}
              <ParamsForm nodeId={selectedNode.id} schema={selectedSchema} params={selectedNode.params} issues={nodeIssues} onChange={(k, v) => setParam(selectedNode.id, k, v)} />
              <div class="field">
                <label class="check">
                  <input
                    type="checkbox"
                    checked={!!selectedNode.continue_on_error}
                    onChange={(e) => {
                      const on = e.currentTarget.checked;
                      const d = draftRef.current;
                      change({ ...d, nodes: d.nodes.map((n) => (n.id === selectedNode.id ? { ...n, continue_on_error: on || undefined } : n)) });
                    }}
                  />{' '}
                  Continue on error (wire the <code>error</code> port to route failures)
                </label>
              </div>
              <ConnectForm
                from={selectedNode.id}
                ports={portsOf(selectedNode, types).outputs}
                targets={draft.nodes.filter((n) => n.id !== selectedNode.id && portsOf(n, types).inputs.length > 0).map((n) => n.id)}
                onConnect={(port, target) => connect({ source: selectedNode.id, source_port: port, target, target_port: portsOf(draft.nodes.find((n) => n.id === target)!, types).inputs[0]! })}
              />
              <button type="button" class="danger" onClick={() => removeSelected(selection)}>
                Delete node
              </button>
            </div>
          ) : selectedEdge ? (
            <div data-testid="edge-panel">
              <h2>Connection</h2>
              <p>
                <code>
                  {selectedEdge.source}.{selectedEdge.source_port ?? 'main'} → {selectedEdge.target}.{selectedEdge.target_port ?? 'main'}
                </code>
              </p>
              {issues
                .filter((i) => i.edgeId === selectedEdge.id)
                .map((i, n) => (
                  <p class="field-error" role="alert" key={n}>
                    {i.msg}
                  </p>
                ))}
              <button type="button" class="danger" onClick={() => removeSelected(selection)}>
                Delete connection
              </button>
            </div>
          ) : (
            <p class="muted">Add a node from the catalogue, then select it to set its parameters. Drag from an output port onto a node to connect.</p>
          )}

          <h3>Versions</h3>
          {versions.length ? (
            <ul class="versions" data-testid="versions">
              {versions.map((v) => (
                <li key={v.version} data-version={v.version}>
                  <button type="button" class="link" onClick={() => void openVersion(v.version)}>
                    v{v.version}
                  </button>{' '}
                  {v.current && <span class="badge completed">current</span>} <span class="muted">{relativeTime(v.created_at)}</span>
                </li>
              ))}
            </ul>
          ) : (
            <p class="muted">Save to create version 1.</p>
          )}

          <h3>Run</h3>
          <label for="run-input">Run input (JSON)</label>
          <textarea id="run-input" class="json" rows={3} spellcheck={false} value={runInput} onInput={(e) => setRunInput(e.currentTarget.value)} />
          {dirty && id && <p class="hint">Runs start from the saved version (v{version}), not unsaved changes.</p>}
          <button type="button" class="primary" disabled={!id || busy === 'run'} onClick={() => void run()}>
            {busy === 'run' ? 'Starting…' : 'Run'}
          </button>
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
        </aside>
      </div>
    </section>
  );
}

/** The keyboard's way to wire a node (the canvas's way is dragging a port onto a node). */
function ConnectForm(props: { from: string; ports: string[]; targets: string[]; onConnect: (port: string, target: string) => void }) {
  const [port, setPort] = useState(props.ports[0] ?? 'main');
  const [target, setTarget] = useState('');
  if (!props.targets.length) return null;
  const portId = `connect-port-${props.from}`;
  const targetId = `connect-target-${props.from}`;
  return (
    <form
      class="connect"
      onSubmit={(e) => {
        e.preventDefault();
        const to = target || props.targets[0]!;
        props.onConnect(props.ports.includes(port) ? port : (props.ports[0] ?? 'main'), to);
      }}
    >
      <label for={portId}>Connect output</label>
      <select id={portId} value={port} onChange={(e) => setPort(e.currentTarget.value)}>
        {props.ports.map((p) => (
          <option key={p} value={p}>
            {p}
          </option>
        ))}
      </select>
      <label for={targetId}>to node</label>
      <select id={targetId} value={target || props.targets[0]} onChange={(e) => setTarget(e.currentTarget.value)}>
        {props.targets.map((t) => (
          <option key={t} value={t}>
            {t}
          </option>
        ))}
      </select>
      <button type="submit">Connect</button>
    </form>
  );
}
