// GET /runs/{run_id}: the run's graph laid out from its pinned spec version, coloured live from the
// run's SSE events (pending → running with its elapsed time → completed / failed with the error;
// skipped from the run's node outputs), the cost so far, a node's outputs on click, approve/reject
// for a waiting approval node, and a link to the execution in the Temporal UI. A finished run can be
// re-run from any node (a new linked run reusing the outputs upstream of it) or saved as a test.
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { api, downloadOutput, ENGINE, followRunEvents, type List, type NodeOutput, type NodeType, type Run, type RunEvent, type RunStatus, type WorkflowVersion } from './api';
import { formatDuration, formatUsd } from './format';
import { Graph, type NodeView, type NodeStatus } from './graph';
import { layoutGraph } from './layout';
import { navigate } from './nav';

const FINISHED: RunStatus[] = ['completed', 'failed', 'timed_out', 'cancelled'];

function meta(name: string): string {
  return document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content ?? '';
}

/** The execution in the Temporal UI (TEMPORAL_UI_URL, default http://localhost:8233). */
function temporalLink(run: Run): string | null {
  const base = meta('atelier-temporal-ui').replace(/\/+$/, '');
  if (!base) return null;
  const ns = meta('atelier-temporal-namespace') || 'default';
  return `${base}/namespaces/${encodeURIComponent(ns)}/workflows/${encodeURIComponent(run.temporal_workflow_id)}`;
}

let catalogueCache: Promise<Map<string, NodeType>> | undefined;
function nodeCatalogue(): Promise<Map<string, NodeType>> {
  catalogueCache ??= api<List<NodeType>>('GET', `${ENGINE}/nodes`)
    .then((l) => new Map(l.data.map((t) => [t.type, t])))
    .catch((err: unknown) => {
      catalogueCache = undefined;
      throw err;
    });
  return catalogueCache;
}

interface LiveNode {
  status: NodeStatus;
  startedAt?: number;
  durationMs?: number;
  error?: string;
  usd?: number;
}

/** What the node outputs of GET /runs/{id} say about nodes no event described (skipped, settled). */
function fromOutputs(outputs: Record<string, NodeOutput> | undefined, live: Map<string, LiveNode>): Map<string, LiveNode> {
  if (!outputs) return live;
  const next = new Map(live);
  for (const [id, o] of Object.entries(outputs)) {
    const known = next.get(id);
    if (o.skipped) next.set(id, { status: 'skipped' });
    else if (!known || known.status === 'pending') {
      const finished = o.ok || o.error !== null || o.duration_ms > 0;
      if (finished) next.set(id, { status: o.ok ? 'completed' : 'failed', durationMs: o.duration_ms, error: o.error ?? undefined, usd: o.usd_charged });
    } else if (known.status === 'completed' && known.usd === undefined) {
      next.set(id, { ...known, usd: o.usd_charged });
    }
  }
  return next;
}

export function RunPage(props: { runId: string }) {
  const { runId } = props;
  const [run, setRun] = useState<Run | null>(null);
  const [version, setVersion] = useState<WorkflowVersion | null>(null);
  const [catalogue, setCatalogue] = useState<Map<string, NodeType>>(new Map());
  const [live, setLive] = useState<Map<string, LiveNode>>(new Map());
  const [runStatus, setRunStatus] = useState<RunStatus | null>(null);
  const [finalCost, setFinalCost] = useState<number | null>(null);
  const [selected, setSelected] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [streamState, setStreamState] = useState<'connecting' | 'live' | 'ended' | 'failed'>('connecting');
  const [signalError, setSignalError] = useState<string | null>(null);
  const [sending, setSending] = useState<string | null>(null);
  const [now, setNow] = useState(Date.now());
  /** Approval decisions as the run's events report them (who, when, which way). */
  const [decisions, setDecisions] = useState<Array<{ seq: number; node: string; approver: string; approved: boolean; comment: string | null; at: string; outcome: string }>>([]);
  const refreshTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const refreshRun = async () => {
    const r = await api<Run>('GET', `${ENGINE}/runs/${encodeURIComponent(runId)}`);
    setRun(r);
    setLive((l) => fromOutputs(r.node_outputs, l));
    setRunStatus((s) => (s && FINISHED.includes(s) ? s : r.status));
    return r;
  };
  const scheduleRefresh = () => {
    clearTimeout(refreshTimer.current);
    refreshTimer.current = setTimeout(() => void refreshRun().catch(() => undefined), 250);
  };

  // Load the run, its spec and the catalogue; then follow the events from the first one.
  useEffect(() => {
    const abort = new AbortController();
    const onEvent = (e: RunEvent) => {
      const nodeId = typeof e.data.node_id === 'string' ? e.data.node_id : undefined;
      if (e.type === 'node_started' && nodeId) {
        const at = typeof e.data.timestamp === 'string' ? Date.parse(e.data.timestamp) : Date.now();
        setLive((l) => new Map(l).set(nodeId, { status: 'running', startedAt: at }));
        setRunStatus((s) => (s === 'queued' || s === null ? 'running' : s));
      } else if (e.type === 'node_output' && nodeId) {
        const usd = typeof e.data.usd_charged === 'number' ? e.data.usd_charged : 0;
        setLive((l) => new Map(l).set(nodeId, { ...(l.get(nodeId) ?? { status: 'running' }), usd }));
      } else if (e.type === 'node_completed' && nodeId) {
        const ok = e.data.ok === true;
        setLive((l) =>
          new Map(l).set(nodeId, {
            ...l.get(nodeId),
            status: ok ? 'completed' : 'failed',
            durationMs: typeof e.data.duration_ms === 'number' ? e.data.duration_ms : undefined,
            error: typeof e.data.error === 'string' ? e.data.error : undefined,
          }),
        );
        scheduleRefresh();
      } else if (e.type === 'approval_decided' && nodeId) {
        const d = e.data;
        setDecisions((l) => [
          ...l,
          {
            seq: e.seq,
            node: nodeId,
            approver: String(d.approver ?? 'someone'),
            approved: d.approved === true,
            comment: typeof d.comment === 'string' ? d.comment : null,
            at: typeof d.decided_at === 'string' ? d.decided_at : '',
            outcome: String(d.outcome ?? 'pending'),
          },
        ]);
      } else if (e.type === 'run_finished') {
        if (typeof e.data.status === 'string') setRunStatus(e.data.status as RunStatus);
        if (typeof e.data.total_usd_charged === 'number') setFinalCost(e.data.total_usd_charged);
        scheduleRefresh();
      }
    };
    void (async () => {
      try {
        const r = await refreshRun();
        const [v, c] = await Promise.all([
          api<WorkflowVersion>('GET', `${ENGINE}/workflows/${encodeURIComponent(r.workflow_id)}/versions/${r.version}`),
          nodeCatalogue().catch(() => new Map<string, NodeType>()),
        ]);
        setVersion(v);
        setCatalogue(c);
        setStreamState('live');
        await followRunEvents(runId, onEvent, abort.signal);
        if (!abort.signal.aborted) setStreamState('ended');
      } catch (err) {
        if (abort.signal.aborted) return;
        setError((err as Error).message);
        setStreamState('failed');
      }
    })();
    return () => {
      abort.abort();
      clearTimeout(refreshTimer.current);
    };
  }, [runId]);

  // Elapsed times tick while a node runs.
  const anyRunning = [...live.values()].some((n) => n.status === 'running');
  useEffect(() => {
    if (!anyRunning) return;
    const t = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(t);
  }, [anyRunning]);

  const layout = useMemo(() => (version ? layoutGraph(version.spec, catalogue) : null), [version, catalogue]);
  const finished = runStatus !== null && FINISHED.includes(runStatus);

  const views: NodeView[] = useMemo(() => {
    if (!layout || !version) return [];
    const specById = new Map(version.spec.nodes.map((n) => [n.id, n]));
    return layout.nodes.map((n) => {
      const l = live.get(n.id);
      let status: NodeStatus = l?.status ?? 'pending';
      // A node still "running" when its run has ended was interrupted (cancel, timeout).
      if (status === 'running' && finished) status = 'failed';
      const waiting = status === 'running' && n.type === 'control.approval';
      const detail =
        status === 'running'
          ? waiting
            ? `waiting · ${formatDuration(l?.startedAt ? now - l.startedAt : 0)}`
            : formatDuration(l?.startedAt ? now - l.startedAt : 0)
          : status === 'completed'
            ? l?.durationMs !== undefined
              ? formatDuration(l.durationMs)
              : 'done'
            : status === 'failed'
              ? (l?.error ?? 'failed')
              : status;
      return {
        placed: n,
        status: waiting ? 'waiting' : status,
        label: n.id,
        sublabel: catalogue.get(n.type)?.name ?? n.type,
        detail,
        disabled: specById.get(n.id)?.disabled === true,
      };
    });
  }, [layout, version, live, now, finished, catalogue]);

  const cost = finalCost ?? Math.max(run?.usd_charged ?? 0, [...live.values()].reduce((s, n) => s + (n.usd ?? 0), 0));
  const waitingApprovals = views.filter((v) => v.status === 'waiting' && !finished);
  const selectedView = views.find((v) => v.placed.id === selected);
  const selectedOutput = selected ? run?.node_outputs?.[selected] : undefined;

  const [actionNote, setActionNote] = useState<string | null>(null);
  const rerunFrom = async (nodeId: string) => {
    setSending(`rerun:${nodeId}`);
    setSignalError(null);
    try {
      const r = await api<{ run_id: string }>('POST', `${ENGINE}/runs/${encodeURIComponent(runId)}/rerun-from`, { node_id: nodeId });
      navigate(`/runs/${encodeURIComponent(r.run_id)}`);
    } catch (err) {
      setSignalError((err as Error).message);
    } finally {
      setSending(null);
    }
  };
  const saveAsTest = async () => {
    setSending('test');
    setSignalError(null);
    try {
      const t = await api<{ name: string; assertions: unknown[] }>('POST', `${ENGINE}/tests/from-run`, { run_id: runId, name: `run ${runId.slice(0, 8)}` });
      setActionNote(`Saved as test "${t.name}" with ${t.assertions.length} assertions (run it from the Studio's Run & test tab).`);
    } catch (err) {
      setSignalError((err as Error).message);
    } finally {
      setSending(null);
    }
  };

  const decide = async (nodeId: string, approved: boolean) => {
    setSending(nodeId);
    setSignalError(null);
    try {
      await api('POST', `${ENGINE}/runs/${encodeURIComponent(runId)}/signals/approve`, { payload: { approved, node_id: nodeId, by: 'run viewer' } });
    } catch (err) {
      setSignalError((err as Error).message);
    } finally {
      setSending(null);
    }
  };

  const select = (id: string) => {
    setSelected(id);
    void refreshRun().catch(() => undefined);
  };

  const link = run ? temporalLink(run) : null;
  return (
    <section class="run">
      <p>
        <a
          href="/runs"
          onClick={(e) => {
            e.preventDefault();
            navigate('/runs');
          }}
        >
          ← All runs
        </a>
      </p>
      <div class="run-head">
        <h1>
          Run <code>{runId}</code>
        </h1>
        {runStatus && (
          <span class={`badge ${runStatus}`} data-testid="run-status">
            {runStatus}
          </span>
        )}
      </div>
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      {run && (
        <dl class="facts">
          <div>
            <dt>Cost so far</dt>
            <dd data-testid="run-cost">{formatUsd(cost)}</dd>
          </div>
          <div>
            <dt>Nodes</dt>
            <dd>
              {[...live.values()].filter((n) => n.status === 'completed').length}/{run.nodes_total || version?.spec.nodes.length || 0} completed
            </dd>
          </div>
          <div>
            <dt>Workflow</dt>
            <dd>
              <code>{run.workflow_id.slice(0, 8)}</code> v{run.version}
            </dd>
          </div>
          <div>
            <dt>Events</dt>
            <dd data-testid="stream-state">{streamState}</dd>
          </div>
          <div>
            <dt>Studio</dt>
            <dd>
              <a
                href={`/studio/${run.workflow_id}`}
                onClick={(e) => {
                  e.preventDefault();
                  navigate(`/studio/${encodeURIComponent(run.workflow_id)}`);
                }}
              >
                Edit the workflow
              </a>
            </dd>
          </div>
          {finished && (
            <div>
              <dt>Test</dt>
              <dd>
                <button type="button" disabled={sending !== null} onClick={() => void saveAsTest()} data-testid="save-as-test">
                  Save run as test
                </button>
              </dd>
            </div>
          )}
          {link && (
            <div>
              <dt>Temporal</dt>
              <dd>
                <a href={link} target="_blank" rel="noopener noreferrer" data-testid="temporal-link">
                  Open in Temporal UI ↗
                </a>
              </dd>
            </div>
          )}
        </dl>
      )}
      {run?.error && finished && <p class="error">Run error: {run.error}</p>}
      {waitingApprovals.map((v) => (
        <div class="approval" key={v.placed.id} data-testid={`approval-${v.placed.id}`}>
          <span>
            <strong>{v.placed.id}</strong> is waiting for approval
            {typeof version?.spec.nodes.find((n) => n.id === v.placed.id)?.params?.message === 'string' && <>: {String(version.spec.nodes.find((n) => n.id === v.placed.id)!.params!.message)}</>}
          </span>
          <button type="button" class="primary" disabled={sending !== null} data-testid={`approve-${v.placed.id}`} onClick={() => void decide(v.placed.id, true)}>
            Approve
          </button>
          <button type="button" class="danger" disabled={sending !== null} data-testid={`reject-${v.placed.id}`} onClick={() => void decide(v.placed.id, false)}>
            Reject
          </button>
          <a
            href="/studio/approvals"
            onClick={(e) => {
              e.preventDefault();
              navigate('/studio/approvals');
            }}
          >
            Open in the approvals inbox (approvers, form)
          </a>
        </div>
      ))}
      {decisions.length > 0 && (
        <ul class="plain decisions" data-testid="approval-decisions" aria-label="Approval decisions">
          {decisions.map((d) => (
            <li key={d.seq}>
              {d.approved ? '✓ approved' : '✗ rejected'} <code>{d.node}</code> by {d.approver}
              {d.at ? ` at ${new Date(d.at).toLocaleTimeString()}` : ''}
              {d.comment ? ` — “${d.comment}”` : ''} <span class="muted">(request {d.outcome})</span>
            </li>
          ))}
        </ul>
      )}
      {signalError && <p class="error">{signalError}</p>}
      {actionNote && (
        <p class="notice" role="status">
          {actionNote}
        </p>
      )}
      <div class="workspace">
        <div class="canvas">{layout ? <Graph layout={layout} nodes={views} selected={selected} onSelect={select} /> : !error && <p class="muted">Loading the graph…</p>}</div>
        {selectedView && (
          <aside class="panel" data-testid="node-panel">
            <header>
              <h2>{selectedView.placed.id}</h2>
              <button type="button" class="link" onClick={() => setSelected(null)}>
                Close
              </button>
            </header>
            <p class="muted">
              {selectedView.placed.type} · <span class={`badge ${selectedView.status}`}>{selectedView.status}</span>
            </p>
            {finished && (
              <button type="button" disabled={sending !== null} onClick={() => void rerunFrom(selectedView.placed.id)} data-testid="rerun-from">
                Re-run from {selectedView.placed.id}
              </button>
            )}
            {selectedOutput ? (
              <>
                {selectedOutput.error && <p class="error">{selectedOutput.error}</p>}
                <p>
                  {formatDuration(selectedOutput.duration_ms)} · {formatUsd(selectedOutput.usd_charged)}
                </p>
                <h3>Output</h3>
                <pre data-testid="node-output">{JSON.stringify(selectedOutput.output, null, 2)}</pre>
                {selectedOutput.downloads && (
                  <p class="muted" data-testid="node-output-downloads">
                    Stored apart (the output above shows a preview):{' '}
                    {Object.entries(selectedOutput.downloads).map(([port, path]) => (
                      <button key={port} type="button" onClick={() => void downloadOutput(path, `${selected}-${port}.json`).catch(() => undefined)}>
                        download {port}
                      </button>
                    ))}
                  </p>
                )}
                {selectedOutput.logs.length > 0 && (
                  <>
                    <h3>Logs</h3>
                    <ul class="logs">
                      {selectedOutput.logs.map((l, i) => (
                        <li key={i} class={l.level}>
                          <code>{l.level}</code> {l.message}
                        </li>
                      ))}
                    </ul>
                  </>
                )}
              </>
            ) : (
              <p class="muted">No output yet.</p>
            )}
          </aside>
        )}
      </div>
    </section>
  );
}
