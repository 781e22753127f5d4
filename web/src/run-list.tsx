// GET /runs: the caller's recent runs, newest first, refreshed every few seconds while shown.
import { useEffect, useState } from 'preact/hooks';
import { api, ENGINE, type List, type Run } from './api';
import { navigate } from './nav';
import { formatUsd, relativeTime } from './format';

interface WorkflowRow {
  id: string;
  name: string;
}

export function RunList() {
  const [runs, setRuns] = useState<Run[] | null>(null);
  const [total, setTotal] = useState(0);
  const [names, setNames] = useState<Map<string, string>>(new Map());
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const load = async () => {
      try {
        const list = await api<List<Run>>('GET', `${ENGINE}/runs?limit=50`);
        if (stopped) return;
        setRuns(list.data);
        setTotal(list.total);
        setError(null);
      } catch (err) {
        if (!stopped) setError((err as Error).message);
      }
      if (!stopped) timer = setTimeout(() => void load(), 5000);
    };
    void load();
    api<List<WorkflowRow>>('GET', `${ENGINE}/workflows?limit=200`)
      .then((w) => !stopped && setNames(new Map(w.data.map((x) => [x.id, x.name]))))
      .catch(() => undefined);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, []);

  return (
    <section>
      <h1>Recent runs {runs && <span class="muted">({total})</span>}</h1>
      {error && <p class="error">{error}</p>}
      {runs === null && !error && <p class="muted">Loading…</p>}
      {runs && runs.length === 0 && <p class="muted">No runs yet. Start one with POST /engine/v1/v1/runs.</p>}
      {runs && runs.length > 0 && (
        <table class="runs" data-testid="runs-table">
          <thead>
            <tr>
              <th>Status</th>
              <th>Workflow</th>
              <th>Run</th>
              <th>Nodes</th>
              <th>Cost</th>
              <th>Created</th>
            </tr>
          </thead>
          <tbody>
            {runs.map((r) => (
              <tr key={r.id}>
                <td>
                  <span class={`badge ${r.status}`}>{r.status}</span>
                </td>
                <td>{names.get(r.workflow_id) ?? r.workflow_id}</td>
                <td>
                  <a
                    href={`/runs/${encodeURIComponent(r.id)}`}
                    data-run-id={r.id}
                    onClick={(e) => {
                      e.preventDefault();
                      navigate(`/runs/${encodeURIComponent(r.id)}`);
                    }}
                  >
                    <code>{r.id.slice(0, 8)}</code>
                  </a>
                </td>
                <td>
                  {r.nodes_completed}/{r.nodes_total}
                </td>
                <td>{formatUsd(r.usd_charged)}</td>
                <td title={r.created_at}>{relativeTime(r.created_at)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
