// GET /studio: the caller's workflows — search by name or tag, filter by tag and by active — each
// with its version, its last run's status and what its recent runs cost, opening in the editor.
import { useEffect, useState } from 'preact/hooks';
import { api, ENGINE, type List, type Run } from '../api';
import { formatUsd, relativeTime } from '../format';
import { navigate } from '../nav';

interface WorkflowRow {
  id: string;
  name: string;
  active: boolean;
  tags: string[];
  version: number;
  node_count: number;
  updated_at: string;
}

/** The newest run and the summed cost of the recent runs, per workflow. */
interface RunStats {
  last?: Run;
  usd: number;
  runs: number;
}

/** How many recent runs the cost column sums (the runs list's largest page). */
const RECENT_RUNS = 500;

const open = (path: string) => (e: MouseEvent) => {
  e.preventDefault();
  navigate(path);
};

export function StudioList() {
  const [rows, setRows] = useState<WorkflowRow[] | null>(null);
  const [stats, setStats] = useState<Map<string, RunStats>>(new Map());
  const [error, setError] = useState<string | null>(null);
  const [query, setQuery] = useState('');
  const [tag, setTag] = useState('');
  const [activeOnly, setActiveOnly] = useState(false);

  useEffect(() => {
    api<List<WorkflowRow>>('GET', `${ENGINE}/workflows?limit=200`)
      .then((list) => setRows(list.data))
      .catch((err: Error) => setError(err.message));
    api<List<Run>>('GET', `${ENGINE}/runs?limit=${RECENT_RUNS}`)
      .then((list) => {
        const m = new Map<string, RunStats>();
        for (const r of list.data) {
          const s = m.get(r.workflow_id) ?? { usd: 0, runs: 0 };
          if (!s.last || Date.parse(r.created_at) > Date.parse(s.last.created_at)) s.last = r;
          s.usd += r.usd_charged;
          s.runs += 1;
          m.set(r.workflow_id, s);
        }
        setStats(m);
      })
      .catch(() => undefined);
  }, []);

  const q = query.trim().toLowerCase();
  const tags = [...new Set((rows ?? []).flatMap((r) => r.tags))].sort();
  const shown = (rows ?? []).filter(
    (r) => (!q || r.name.toLowerCase().includes(q) || r.tags.some((t) => t.toLowerCase().includes(q))) && (!tag || r.tags.includes(tag)) && (!activeOnly || r.active),
  );
  return (
    <section class="studio-list">
      <div class="list-head">
        <h1>Workflows</h1>
        <span>
          <a class="button" href="/studio/approvals" onClick={open('/studio/approvals')}>
            Approvals inbox
          </a>{' '}
          <a class="button primary" href="/studio/new" onClick={open('/studio/new')} data-testid="new-workflow">
            New workflow
          </a>
        </span>
      </div>
      <div class="filters">
        <label class="search">
          Search by name or tag
          <input type="search" value={query} onInput={(e) => setQuery(e.currentTarget.value)} />
        </label>
        <label class="search">
          Tag
          <select value={tag} onChange={(e) => setTag(e.currentTarget.value)}>
            <option value="">Any tag</option>
            {tags.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </select>
        </label>
        <label class="check">
          <input type="checkbox" checked={activeOnly} onChange={(e) => setActiveOnly(e.currentTarget.checked)} /> Active only
        </label>
      </div>
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      {rows === null && !error ? (
        <p class="muted">Loading…</p>
      ) : (
        <table class="runs">
          <thead>
            <tr>
              <th>Name</th>
              <th>Tags</th>
              <th>Active</th>
              <th>Version</th>
              <th>Nodes</th>
              <th>Last run</th>
              <th title={`Summed over the last ${RECENT_RUNS} runs of the account`}>Cost (recent runs)</th>
              <th>Updated</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((r) => {
              const s = stats.get(r.id);
              return (
                <tr key={r.id} data-row-workflow={r.id}>
                  <td>
                    <a href={`/studio/${r.id}`} data-workflow-id={r.id} onClick={open(`/studio/${encodeURIComponent(r.id)}`)}>
                      {r.name}
                    </a>
                  </td>
                  <td>
                    {r.tags.map((t) => (
                      <span class="tag" key={t}>
                        {t}
                      </span>
                    ))}
                  </td>
                  <td>{r.active ? 'yes' : 'no'}</td>
                  <td>v{r.version}</td>
                  <td>{r.node_count}</td>
                  <td data-testid="last-run">
                    {s?.last ? (
                      <a href={`/runs/${s.last.id}`} onClick={open(`/runs/${encodeURIComponent(s.last.id)}`)}>
                        <span class={`badge ${s.last.status}`}>{s.last.status}</span> {relativeTime(s.last.created_at)}
                      </a>
                    ) : (
                      <span class="muted">never</span>
                    )}
                  </td>
                  <td>{s ? `${formatUsd(s.usd)} · ${s.runs} run${s.runs === 1 ? '' : 's'}` : '—'}</td>
                  <td>{relativeTime(r.updated_at)}</td>
                </tr>
              );
            })}
            {!shown.length && (
              <tr>
                <td colSpan={8} class="muted">
                  {q || tag || activeOnly ? 'No workflow matches.' : 'No workflows yet.'}
                </td>
              </tr>
            )}
          </tbody>
        </table>
      )}
    </section>
  );
}
