// /studio/{workflow_id} (or /studio/new): the editor. Catalogue on the left, canvas in the middle,
// the inspector on the right (the selected node, the workflow's settings, its versions, running
// it). Every edit is checked by the server (POST /workflows/validate, debounced): its issues land on
// the node, the field or the setting their `loc` points at and vanish once the server accepts the
// spec. Save = POST, then PUT (a version each). Keyboard: see SHORTCUTS.
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { api, ApiFailure, ENGINE, type List, type SpecEdge } from '../api';
import { layoutGraph, NODE_W } from '../layout';
import { navigate } from '../nav';
import { Canvas, heightOf, portsOf, type Selection } from './canvas';
import { copyNodes, inputFieldsOf, pasteNodes, renameNode, templateSuggestions, type Clipboard, type WidgetField } from './edit-ops';
import { draftOf, freshId, History, issuesOf, specOf, type Draft, type Issue, type NodeTypeSummary, type SavedSpec, type Settings } from './model';
import { NodePanel, type ConnectionRow } from './node-panel';
import type { ParamsSchema } from './params-form';
import { RunPanel } from './run-panel';
import { VersionsPanel, type VersionRow } from './versions-panel';
import { Deployment, WorkflowPanel, type WorkflowMeta } from './workflow-panel';

const VALIDATE_DELAY_MS = 350;
const ZOOMS = { min: 0.3, max: 2 };

export const SHORTCUTS: Array<[string, string]> = [
  ['Ctrl+Z / Ctrl+Shift+Z (Ctrl+Y)', 'undo / redo'],
  ['Delete or Backspace', 'delete the selected node or connection'],
  ['Shift+click (Shift+Enter)', 'pick several nodes'],
  ['Ctrl+A', 'pick every node'],
  ['Ctrl+C / Ctrl+V', 'copy / paste the selected or picked nodes'],
  ['Ctrl+D', 'duplicate the selected or picked nodes'],
  ['Arrow keys (Shift: ×5)', 'move the selected node'],
  ['+ / − / 0 / F', 'zoom in / out / reset / fit the graph'],
  ['Ctrl+S', 'save'],
  ['Escape', 'clear the selection'],
];

interface WorkflowView {
  id: string;
  name: string;
  version: number;
  active: boolean;
  tags: string[];
  spec?: SavedSpec;
}

type Tab = 'node' | 'workflow' | 'versions' | 'run';
const TABS: Array<[Tab, string]> = [
  ['node', 'Node'],
  ['workflow', 'Workflow'],
  ['versions', 'Versions'],
  ['run', 'Run & test'],
];

const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));
const inField = (t: EventTarget | null) => t instanceof HTMLElement && (t.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(t.tagName));

export function StudioEditor(props: { workflowId: string }) {
  const [id, setId] = useState<string | null>(props.workflowId === 'new' ? null : props.workflowId);
  const [name, setName] = useState('Untitled workflow');
  const [meta, setMeta] = useState<WorkflowMeta>({ tags: [], active: true });
  const [draft, setDraft] = useState<Draft>({ nodes: [], edges: [], settings: {} });
  const [selection, setSelection] = useState<Selection>(null);
  /** Several nodes picked together (Shift+click): what copy, duplicate and delete act on. */
  const [picked, setPicked] = useState<string[]>([]);
  const [tab, setTab] = useState<Tab>('workflow');
  const [catalogue, setCatalogue] = useState<NodeTypeSummary[]>([]);
  const [schemas, setSchemas] = useState<Map<string, ParamsSchema>>(new Map());
  const [connections, setConnections] = useState<ConnectionRow[] | null>(null);
  const [widgetFields, setWidgetFields] = useState<WidgetField[]>([]);
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
  const [zoom, setZoomState] = useState(1);
  const wrapRef = useRef<HTMLDivElement>(null);
  const undoLog = useRef(new History()).current;
  const clipboard = useRef<Clipboard | null>(null);
  const draftRef = useRef(draft);
  draftRef.current = draft;

  const types = useMemo(() => new Map(catalogue.map((t) => [t.type, t])), [catalogue]);
  const setZoom = (z: number) => setZoomState(Math.min(ZOOMS.max, Math.max(ZOOMS.min, Math.round(z * 100) / 100)));

  /** Every edit goes through here: one undo step (or a coalesced one) and a fresh validation. */
  const change = (next: Draft, coalesce?: string) => {
    undoLog.record(draftRef.current, coalesce);
    draftRef.current = next;
    setDraft(next);
    setDirty(true);
  };

  const loadVersions = (wid: string) =>
    api<List<VersionRow>>('GET', `${ENGINE}/workflows/${encodeURIComponent(wid)}/versions`)
      .then((l) => setVersions([...l.data].sort((a, b) => b.version - a.version)))
      .catch((err) => setError(messageOf(err)));

  const loadWorkflow = (wid: string) =>
    api<WorkflowView>('GET', `${ENGINE}/workflows/${encodeURIComponent(wid)}`).then((w) => {
      setName(w.name);
      setVersion(w.version);
      setMeta({ tags: w.tags ?? [], active: w.active });
      if (w.spec) setDraft(draftOf(w.spec));
      undoLog.reset();
      setDirty(false);
    });

  useEffect(() => {
    api<List<NodeTypeSummary>>('GET', `${ENGINE}/nodes`)
      .then((l) => setCatalogue(l.data))
      .catch((err) => setError(messageOf(err)));
    api<List<ConnectionRow>>('GET', `${ENGINE}/connections`)
      .then((l) => setConnections(l.data))
      .catch(() => setConnections([]));
    if (!id) return;
    loadWorkflow(id).catch((err) => setError(messageOf(err)));
    api<{ configured: boolean; interface: { fields: WidgetField[] } }>('GET', `${ENGINE}/widget/${encodeURIComponent(id)}`)
      .then((w) => setWidgetFields(w.configured ? w.interface.fields : []))
      .catch(() => undefined);
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

  const restoreDraft = (d: Draft | undefined) => {
    if (!d) return;
    draftRef.current = d;
    setDraft(d);
    setDirty(true);
    setSelection((s) => (s?.kind === 'node' && !d.nodes.some((n) => n.id === s.id) ? null : s));
  };
  const undo = () => restoreDraft(undoLog.undo(draftRef.current));
  const redo = () => restoreDraft(undoLog.redo(draftRef.current));

  const select = (s: Selection) => {
    setSelection(s);
    setPicked([]);
    if (s) setTab('node');
  };
  /** Adds a node to (or takes it out of) the picked set, which starts from the selected node. */
  const pick = (nodeId: string) => {
    const sel = selectionRef.current;
    setPicked((cur) => {
      const base = cur.length ? cur : sel?.kind === 'node' ? [sel.id] : [];
      return base.includes(nodeId) ? base.filter((x) => x !== nodeId) : [...base, nodeId];
    });
    setSelection(null);
    setTab('node');
  };
  /** The nodes an action applies to: the picked ones, else the selected one. */
  const chosenIds = (): string[] => {
    if (pickedRef.current.length) return pickedRef.current;
    const sel = selectionRef.current;
    return sel?.kind === 'node' ? [sel.id] : [];
  };
  const removeNodes = (ids: string[]) => {
    const d = draftRef.current;
    const gone = new Set(ids);
    change({ ...d, nodes: d.nodes.filter((n) => !gone.has(n.id)), edges: d.edges.filter((e) => !gone.has(e.source) && !gone.has(e.target)) });
    setSelection(null);
    setPicked([]);
  };
  const removeSelected = (sel: Selection) => {
    const d = draftRef.current;
    if (!sel) return;
    if (sel.kind === 'node') change({ ...d, nodes: d.nodes.filter((n) => n.id !== sel.id), edges: d.edges.filter((e) => e.source !== sel.id && e.target !== sel.id) });
    else change({ ...d, edges: d.edges.filter((e) => e.id !== sel.id) });
    setSelection(null);
  };
  const paste = (clip: Clipboard | null) => {
    if (!clip?.nodes.length) return;
    const out = pasteNodes(draftRef.current, clip);
    change(out.draft);
    if (out.ids.length === 1) select({ kind: 'node', id: out.ids[0]! });
    else {
      setSelection(null);
      setPicked(out.ids);
    }
  };
  const duplicate = (ids: string[]) => paste(copyNodes(draftRef.current, ids));
  const nudge = (nodeId: string, dx: number, dy: number) => {
    const d = draftRef.current;
    change(
      { ...d, nodes: d.nodes.map((n) => (n.id === nodeId ? { ...n, position: [Math.max(0, n.position[0] + dx), Math.max(0, n.position[1] + dy)] as [number, number] } : n)) },
      `move:${nodeId}`,
    );
  };

  const selectionRef = useRef(selection);
  selectionRef.current = selection;
  const pickedRef = useRef(picked);
  pickedRef.current = picked;
  const saveRef = useRef<() => Promise<void>>(async () => undefined);
  const fitRef = useRef<() => void>(() => undefined);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const mod = e.ctrlKey || e.metaKey;
      const key = e.key.toLowerCase();
      if (mod && key === 's') {
        e.preventDefault();
        void saveRef.current();
        return;
      }
      if (inField(e.target)) return; // text fields keep their own undo, copy and arrows
      const sel = selectionRef.current;
      if (mod && key === 'z') {
        e.preventDefault();
        if (e.shiftKey) redo();
        else undo();
      } else if (mod && key === 'y') {
        e.preventDefault();
        redo();
      } else if (mod && key === 'c' && chosenIds().length) {
        clipboard.current = copyNodes(draftRef.current, chosenIds());
      } else if (mod && key === 'v') {
        e.preventDefault();
        paste(clipboard.current);
      } else if (mod && key === 'd' && chosenIds().length) {
        e.preventDefault();
        duplicate(chosenIds());
      } else if (mod && key === 'a') {
        e.preventDefault();
        setSelection(null);
        setPicked(draftRef.current.nodes.map((n) => n.id));
        setTab('node');
      } else if (e.key === 'Delete' || e.key === 'Backspace') {
        if (pickedRef.current.length) {
          e.preventDefault();
          removeNodes(pickedRef.current);
        } else if (sel) {
          e.preventDefault();
          removeSelected(sel);
        }
      } else if (e.key.startsWith('Arrow') && sel?.kind === 'node' && !mod) {
        e.preventDefault();
        const step = e.shiftKey ? 50 : 10;
        nudge(sel.id, e.key === 'ArrowLeft' ? -step : e.key === 'ArrowRight' ? step : 0, e.key === 'ArrowUp' ? -step : e.key === 'ArrowDown' ? step : 0);
      } else if (!mod && (e.key === '+' || e.key === '=')) setZoomState((z) => Math.min(ZOOMS.max, z * 1.2));
      else if (!mod && (e.key === '-' || e.key === '_')) setZoomState((z) => Math.max(ZOOMS.min, z / 1.2));
      else if (!mod && e.key === '0') setZoomState(1);
      else if (!mod && key === 'f') fitRef.current();
      else if (e.key === 'Escape') {
        setSelection(null);
        setPicked([]);
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
    select({ kind: 'node', id: nid });
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
    const at = new Map(placed.nodes.map((n) => [n.id, [Math.round(n.x) + 20, Math.round(n.y) + 20] as [number, number]]));
    change({ ...d, nodes: d.nodes.map((n) => ({ ...n, position: at.get(n.id) ?? n.position })) });
  };

  /** The zoom at which the whole graph fits the visible canvas (never above 100%), scrolled home. */
  const fit = () => {
    const wrap = wrapRef.current;
    const d = draftRef.current;
    if (!wrap || !d.nodes.length) return;
    const right = Math.max(...d.nodes.map((n) => n.position[0])) + NODE_W + 40;
    const bottom = Math.max(...d.nodes.map((n) => n.position[1] + heightOf(portsOf(n, types)))) + 40;
    setZoom(Math.min(1, wrap.clientWidth / right, wrap.clientHeight / bottom));
    wrap.scrollTo(0, 0);
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
      const body = { name: name.trim() || 'Untitled workflow', spec: specOf(draftRef.current), tags: meta.tags, active: meta.active };
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
  saveRef.current = save;
  fitRef.current = fit;

  const openVersion = async (n: number) => {
    if (!id) return;
    try {
      const v = await api<{ spec: SavedSpec }>('GET', `${ENGINE}/workflows/${encodeURIComponent(id)}/versions/${n}`);
      change(draftOf(v.spec));
      setSelection(null);
      setNotice(`Version ${n} loaded into the editor; save to make it the current version.`);
    } catch (err) {
      setError(messageOf(err));
    }
  };

  const restoreVersion = async (n: number) => {
    if (!id) return;
    setBusy('restore');
    setError(null);
    try {
      const v = await api<{ spec: SavedSpec }>('GET', `${ENGINE}/workflows/${encodeURIComponent(id)}/versions/${n}`);
      const w = await api<WorkflowView>('PUT', `${ENGINE}/workflows/${encodeURIComponent(id)}`, { spec: v.spec });
      await loadWorkflow(id);
      await loadVersions(id);
      setSelection(null);
      setNotice(`Version ${n} restored as version ${w.version}.`);
    } catch (err) {
      setError(`Not restored: ${messageOf(err)}`);
    } finally {
      setBusy(null);
    }
  };

  const selectedNode = selection?.kind === 'node' ? draft.nodes.find((n) => n.id === selection.id) : undefined;
  const selectedEdge = selection?.kind === 'edge' ? draft.edges.find((e) => e.id === selection.id) : undefined;
  const generalIssues = issues.filter((i) => !i.nodeId && !i.edgeId && !i.setting);
  const settingIssues = issues.filter((i) => i.setting);
  const categories = [...new Set(catalogue.map((t) => t.category))].sort();
  const q = query.trim().toLowerCase();
  const shownTypes = catalogue.filter(
    (t) => (!category || t.category === category) && (!q || t.type.toLowerCase().includes(q) || t.name.toLowerCase().includes(q) || t.description.toLowerCase().includes(q)),
  );
  const triggerNode = draft.nodes.find((n) => n.type.startsWith('trigger.'));
  const triggerType = triggerNode ? triggerNode.type.slice('trigger.'.length) : 'manual';
  const outputsOf = (nodeId: string) => {
    const n = draft.nodes.find((x) => x.id === nodeId);
    return n ? portsOf(n, types).outputs : [];
  };
  const suggestions = useMemo(() => (selectedNode ? templateSuggestions(draft, selectedNode.id, outputsOf) : []), [draft, selectedNode?.id, types]);
  const inputFields = useMemo(() => inputFieldsOf(draft, widgetFields), [draft, widgetFields]);

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
        <span
          class={`validity ${checking ? 'checking' : issues.length ? 'invalid' : 'valid'}`}
          data-testid="validation"
          data-state={checking ? 'checking' : issues.length ? 'invalid' : 'valid'}
          role="status"
        >
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
        <span class="zoom" role="group" aria-label="Zoom">
          <button type="button" onClick={() => setZoom(zoom / 1.2)} aria-label="Zoom out" title="Zoom out (−)">
            −
          </button>
          <button type="button" onClick={() => setZoom(1)} aria-label={`Zoom ${Math.round(zoom * 100)}%, reset to 100%`} title="Reset zoom (0)" data-testid="zoom-level">
            {Math.round(zoom * 100)}%
          </button>
          <button type="button" onClick={() => setZoom(zoom * 1.2)} aria-label="Zoom in" title="Zoom in (+)">
            +
          </button>
          <button type="button" onClick={fit} title="Fit the graph in view (F)">
            Fit
          </button>
        </span>
        <button type="button" class="primary" disabled={busy === 'save'} onClick={() => void save()} title="Save (Ctrl+S)">
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
          <p class="hint" aria-live="polite">
            {shownTypes.length} node type{shownTypes.length === 1 ? '' : 's'}
            {shownTypes.length > 150 ? ' (first 150 shown)' : ''}
          </p>
          <ul>
            {shownTypes.slice(0, 150).map((t) => (
              <li key={t.type}>
                <button type="button" class="add-node" data-type={t.type} title={t.description} onClick={() => addNode(t.type)}>
                  <strong>{t.name}</strong> <code>{t.type}</code>
                </button>
              </li>
            ))}
          </ul>
          <details class="shortcuts">
            <summary>Keyboard shortcuts</summary>
            <dl>
              {SHORTCUTS.map(([k, what]) => (
                <div key={k}>
                  <dt>
                    <kbd>{k}</kbd>
                  </dt>
                  <dd>{what}</dd>
                </div>
              ))}
            </dl>
          </details>
        </aside>
        <div class="canvas-wrap" ref={wrapRef}>
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
            picked={picked}
            onPick={pick}
            zoom={zoom}
            onZoom={setZoom}
            onSelect={select}
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
          <div class="tabs" role="tablist" aria-label="Inspector sections">
            {TABS.map(([t, label]) => (
              <button
                key={t}
                type="button"
                role="tab"
                id={`tab-${t}`}
                aria-selected={tab === t}
                aria-controls="inspector-panel"
                class={`tab${tab === t ? ' active' : ''}`}
                onClick={() => setTab(t)}
              >
                {label}
                {t === 'workflow' && settingIssues.length > 0 ? ` (${settingIssues.length})` : ''}
              </button>
            ))}
          </div>
          <div role="tabpanel" id="inspector-panel" aria-labelledby={`tab-${tab}`}>
            {tab === 'node' &&
              (picked.length ? (
                <div data-testid="picked-panel">
                  <h2>{picked.length} nodes picked</h2>
                  <p class="muted">
                    <code>{picked.join(', ')}</code>
                  </p>
                  <div class="row-buttons">
                    <button type="button" onClick={() => (clipboard.current = copyNodes(draftRef.current, picked))}>
                      Copy
                    </button>
                    <button type="button" onClick={() => duplicate(picked)}>
                      Duplicate
                    </button>
                    <button type="button" class="danger" onClick={() => removeNodes(picked)}>
                      Delete {picked.length} nodes
                    </button>
                  </div>
                </div>
              ) : selectedNode ? (
                <NodePanel
                  node={selectedNode}
                  def={types.get(selectedNode.type)}
                  schema={schemas.get(selectedNode.type)}
                  issues={issues.filter((i) => i.nodeId === selectedNode.id)}
                  suggestions={suggestions}
                  otherIds={draft.nodes.filter((n) => n.id !== selectedNode.id).map((n) => n.id)}
                  outputs={portsOf(selectedNode, types).outputs}
                  targets={draft.nodes.filter((n) => n.id !== selectedNode.id && portsOf(n, types).inputs.length > 0).map((n) => n.id)}
                  connections={connections}
                  onParam={(k, v) => setParam(selectedNode.id, k, v)}
                  onPatch={(patch, coalesce) => {
                    const d = draftRef.current;
                    change({ ...d, nodes: d.nodes.map((n) => (n.id === selectedNode.id ? { ...n, ...patch } : n)) }, coalesce);
                  }}
                  onRename={(to) => {
                    change(renameNode(draftRef.current, selectedNode.id, to));
                    setSelection({ kind: 'node', id: to });
                  }}
                  onConnect={(port, target) => connect({ source: selectedNode.id, source_port: port, target, target_port: portsOf(draft.nodes.find((n) => n.id === target)!, types).inputs[0]! })}
                  onDuplicate={() => duplicate([selectedNode.id])}
                  onDelete={() => removeSelected(selection)}
                />
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
              ))}
            {tab === 'workflow' && (
              <>
                <WorkflowPanel
                  triggerType={triggerType}
                  settings={draft.settings ?? {}}
                  meta={meta}
                  issues={settingIssues}
                  onSettings={(s: Settings, coalesce) => change({ ...draftRef.current, settings: s }, coalesce)}
                  onMeta={(m) => {
                    setMeta(m);
                    setDirty(true);
                  }}
                />
                {id && <Deployment workflowId={id} triggerType={triggerType} version={version} />}
              </>
            )}
            {tab === 'versions' && <VersionsPanel workflowId={id} versions={versions} onOpen={(n) => void openVersion(n)} onRestore={(n) => void restoreVersion(n)} busy={busy !== null} />}
            {tab === 'run' && <RunPanel workflowId={id} version={version} dirty={dirty} fields={inputFields} nodeIds={draft.nodes.map((n) => n.id)} spec={() => specOf(draftRef.current)} />}
          </div>
        </aside>
      </div>
    </section>
  );
}
