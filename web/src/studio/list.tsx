// GET /studio: the caller's workflows (search by name), each opening in the editor, and a new one.
import { useEffect, useState } from 'preact/hooks';
import { api, ENGINE, type List } from '../api';
import { relativeTime } from '../format';
import { navigate } from '../nav';

interface WorkflowRow {
  id: string;
  name: string;
  active: boolean;
  version: number;
  node_count: number;
  updated_at: string;
}

const open = (path: string) => (e: MouseEvent) => {
  e.preventDefault();
  navigate(path);
};

export function StudioList() {
  const [rows, setRows] = useState<WorkflowRow[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [query, setQuery] = useState('');

  useEffect(() => {
    api<List<WorkflowRow>>('GET', `${ENGINE}/workflows?limit=200`)
      .then((list) => setRows(list.data))
      .catch((err: Error) => setError(err.message));
  }, []);

  const q = query.trim().toLowerCase();
  const shown = (rows ?? []).filter((r) => !q || r.name.toLowerCase().includes(q));
  return (
    <section class="studio-list">
      <div class="list-head">
        <h1>Workflows</h1>
        <a class="button primary" href="/studio/new" onClick={open('/studio/new')} data-testid="new-workflow">
          New workflow
        </a>
      </div>
      <label class="search">
        Search by name
        <input type="search" value={query} onInput={(e) => setQuery(e.currentTarget.value)} />
      </label>
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
              <th>Active</th>
              <th>Version</th>
              <th>Nodes</th>
              <th>Updated</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((r) => (
              <tr key={r.id}>
                <td>
                  <a href={`/studio/${r.id}`} data-workflow-id={r.id} onClick={open(`/studio/${encodeURIComponent(r.id)}`)}>
                    {r.name}
                  </a>
                </td>
                <td>{r.active ? 'yes' : 'no'}</td>
                <td>v{r.version}</td>
                <td>{r.node_count}</td>
                <td>{relativeTime(r.updated_at)}</td>
              </tr>
            ))}
            {!shown.length && (
              <tr>
                <td colSpan={5} class="muted">
                  {q ? 'No workflow has that in its name.' : 'No workflows yet.'}
                </td>
              </tr>
            )}
          </tbody>
        </table>
      )}
    </section>
  );
}
