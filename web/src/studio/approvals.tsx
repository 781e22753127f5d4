// /studio/approvals: the approvals inbox. What waits on the signed-in caller (GET /approvals: for an
// API key the account's pending approvals, for a console user those naming them or open to all),
// each with its context — workflow, run, node, what flowed into it, the run's cost so far, the
// decisions so far — and the approver's form; Approve or Reject sends one decision
// (POST /approvals/{id}/decisions). Other statuses can be listed too.
import { useEffect, useState } from 'preact/hooks';
import { api, ApiFailure, ENGINE, type List } from '../api';
import { formatUsd, relativeTime } from '../format';
import { navigate } from '../nav';

interface FormField {
  name: string;
  type: 'text' | 'textarea' | 'number' | 'email' | 'url' | 'select' | 'checkbox' | 'date';
  label: string;
  required: boolean;
  options: string[] | null;
}

interface Decision {
  approver: string;
  via: string;
  approved: boolean;
  comment: string | null;
  values: Record<string, unknown>;
  decided_at: string;
}

export interface Approval {
  id: string;
  status: string;
  run_id: string;
  workflow_id: string;
  workflow_name: string | null;
  node_id: string;
  message: string | null;
  form: { fields: FormField[] } | null;
  inputs_preview: Record<string, unknown>;
  cost_so_far_usd: number;
  created_at: string;
  expires_at: string | null;
  decisions: Decision[];
  tally: { approvals: number; rejections: number; quorum: number; approvers_total: number | null };
  can_decide: boolean;
  my_decision: Decision | null;
}

const STATUSES = ['pending', 'approved', 'rejected', 'timed_out', 'cancelled', 'all'] as const;

const link = (path: string) => (e: MouseEvent) => {
  e.preventDefault();
  navigate(path);
};

export function ApprovalsInbox() {
  const [status, setStatus] = useState<(typeof STATUSES)[number]>('pending');
  const [rows, setRows] = useState<Approval[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [tick, setTick] = useState(0);
  /** What the last decision did: shown above the list, which may no longer hold the request. */
  const [outcome, setOutcome] = useState<string | null>(null);

  useEffect(() => {
    let stop = false;
    const load = () =>
      api<List<Approval>>('GET', `${ENGINE}/approvals?status=${status}&limit=100`)
        .then((l) => {
          if (!stop) {
            setRows(l.data);
            setError(null);
          }
        })
        .catch((err: Error) => !stop && setError(err.message));
    void load();
    // New requests appear without a reload while the inbox is open.
    const t = setInterval(() => void load(), 5000);
    return () => {
      stop = true;
      clearInterval(t);
    };
  }, [status, tick]);

  return (
    <section class="approvals-inbox">
      <div class="list-head">
        <h1>Approvals</h1>
        <a href="/studio" onClick={link('/studio')}>
          ← Workflows
        </a>
      </div>
      <label class="search">
        Show
        <select value={status} onChange={(e) => setStatus(e.currentTarget.value as (typeof STATUSES)[number])}>
          {STATUSES.map((s) => (
            <option key={s} value={s}>
              {s === 'pending' ? 'waiting on me' : s.replace('_', ' ')}
            </option>
          ))}
        </select>
      </label>
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      <p class={outcome ? 'notice' : 'sr-only'} role="status" data-testid="inbox-notice">
        {outcome ?? ''}
      </p>
      {rows === null && !error ? (
        <p class="muted">Loading…</p>
      ) : rows && !rows.length ? (
        <p class="muted" data-testid="inbox-empty">
          {status === 'pending' ? 'Nothing waits on you.' : 'None.'}
        </p>
      ) : (
        <ul class="plain inbox" data-testid="inbox">
          {(rows ?? []).map((a) => (
            <ApprovalCard
              key={a.id}
              approval={a}
              onDecided={(message) => {
                setOutcome(message);
                setTick((n) => n + 1);
              }}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

function ApprovalCard(props: { approval: Approval; onDecided: (message: string) => void }) {
  const a = props.approval;
  const [values, setValues] = useState<Record<string, unknown>>({});
  const [comment, setComment] = useState('');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const base = `approval-${a.id}`;

  const decide = async (approved: boolean) => {
    setSending(true);
    setError(null);
    setFieldErrors({});
    try {
      const r = await api<{ approval: Approval; repeated: boolean }>('POST', `${ENGINE}/approvals/${encodeURIComponent(a.id)}/decisions`, {
        approved,
        ...(comment.trim() ? { comment: comment.trim() } : {}),
        ...(Object.keys(values).length ? { values } : {}),
      });
      const what = `${a.workflow_name ?? a.workflow_id} · ${a.node_id}`;
      props.onDecided(r.repeated ? `${what}: you had decided already; that decision stands.` : `${approved ? 'Approved' : 'Rejected'} ${what}: the request is now ${r.approval.status}.`);
    } catch (err) {
      if (err instanceof ApiFailure && Array.isArray(err.detail)) {
        const byField: Record<string, string> = {};
        for (const d of err.detail as Array<{ loc?: unknown[]; msg?: string }>) {
          const at = d.loc ?? [];
          if (at[1] === 'values' && typeof at[2] === 'string') byField[at[2]] = d.msg ?? 'invalid';
        }
        setFieldErrors(byField);
      }
      setError((err as Error).message);
    } finally {
      setSending(false);
    }
  };

  return (
    <li class="card approval-card" data-approval-id={a.id} data-node-id={a.node_id} aria-labelledby={`${base}-title`}>
      <h2 id={`${base}-title`}>
        {a.workflow_name ?? a.workflow_id} · <code>{a.node_id}</code> <span class={`badge ${a.status === 'pending' ? 'waiting' : a.status === 'approved' ? 'completed' : 'failed'}`}>{a.status}</span>
      </h2>
      {a.message && <p class="approval-message">{a.message}</p>}
      <dl class="facts">
        <div>
          <dt>Run</dt>
          <dd>
            <a href={`/runs/${a.run_id}`} onClick={link(`/runs/${encodeURIComponent(a.run_id)}`)}>
              <code>{a.run_id.slice(0, 8)}</code>
            </a>
          </dd>
        </div>
        <div>
          <dt>Cost so far</dt>
          <dd>{formatUsd(a.cost_so_far_usd)}</dd>
        </div>
        <div>
          <dt>Waiting since</dt>
          <dd>{relativeTime(a.created_at)}</dd>
        </div>
        {a.expires_at && (
          <div>
            <dt>Expires</dt>
            <dd>{new Date(a.expires_at).toLocaleString()}</dd>
          </div>
        )}
        <div>
          <dt>Approvals</dt>
          <dd>
            {a.tally.approvals}/{a.tally.quorum} needed{a.tally.rejections ? ` · ${a.tally.rejections} rejected` : ''}
          </dd>
        </div>
      </dl>
      <details>
        <summary>Inputs</summary>
        <pre class="inputs" data-testid="approval-inputs">
          {JSON.stringify(a.inputs_preview, null, 2)}
        </pre>
      </details>
      {a.decisions.length > 0 && (
        <ul class="plain decisions">
          {a.decisions.map((d, i) => (
            <li key={i}>
              {d.approved ? '✓' : '✗'} {d.approver} ({d.via}) {relativeTime(d.decided_at)}
              {d.comment ? ` — ${d.comment}` : ''}
            </li>
          ))}
        </ul>
      )}
      {a.status === 'pending' && a.can_decide ? (
        <form
          class="params"
          onSubmit={(e) => {
            e.preventDefault();
            void decide(true);
          }}
        >
          {(a.form?.fields ?? []).map((f) => (
            <FormInput
              key={f.name}
              id={`${base}-${f.name}`}
              field={f}
              value={values[f.name]}
              error={fieldErrors[f.name]}
              onChange={(v) => {
                const next = { ...values };
                if (v === undefined) delete next[f.name];
                else next[f.name] = v;
                setValues(next);
              }}
            />
          ))}
          <div class="field">
            <label for={`${base}-comment`}>Comment (optional)</label>
            <textarea id={`${base}-comment`} rows={2} value={comment} onInput={(e) => setComment(e.currentTarget.value)} />
          </div>
          <div class="row-buttons">
            <button type="submit" class="primary" disabled={sending} data-testid="approve">
              Approve
            </button>
            <button type="button" class="danger" disabled={sending} onClick={() => void decide(false)} data-testid="reject">
              Reject
            </button>
          </div>
        </form>
      ) : (
        a.status === 'pending' && <p class="muted">{a.my_decision ? 'You have decided; waiting for the other approvers.' : 'You are not one of its approvers.'}</p>
      )}
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
    </li>
  );
}

function FormInput(props: { id: string; field: FormField; value: unknown; error?: string; onChange: (v: unknown) => void }) {
  const { id, field: f, value } = props;
  const errId = props.error ? `${id}-error` : undefined;
  const common = { id, 'aria-invalid': props.error ? true : undefined, 'aria-describedby': errId, required: f.required };
  let input;
  if (f.type === 'checkbox') input = <input type="checkbox" {...common} required={false} checked={value === true} onChange={(e) => props.onChange(e.currentTarget.checked)} />;
  else if (f.type === 'select')
    input = (
      <select {...common} value={typeof value === 'string' ? value : ''} onChange={(e) => props.onChange(e.currentTarget.value || undefined)}>
        <option value="">(choose)</option>
        {(f.options ?? []).map((o) => (
          <option key={o} value={o}>
            {o}
          </option>
        ))}
      </select>
    );
  else if (f.type === 'textarea') input = <textarea {...common} rows={3} value={typeof value === 'string' ? value : ''} onInput={(e) => props.onChange(e.currentTarget.value || undefined)} />;
  else if (f.type === 'number')
    input = <input type="number" step="any" {...common} value={typeof value === 'number' ? String(value) : ''} onInput={(e) => props.onChange(e.currentTarget.value === '' ? undefined : Number(e.currentTarget.value))} />;
  else input = <input type={f.type as 'text'} {...common} value={typeof value === 'string' ? value : ''} onInput={(e) => props.onChange(e.currentTarget.value || undefined)} />;
  return (
    <div class={`field${props.error ? ' invalid' : ''}`}>
      <label for={id} class={f.type === 'checkbox' ? 'check' : undefined}>
        {f.label}
        {f.required && (
          <span class="required" aria-label="required">
            {' '}*
          </span>
        )}
      </label>
      {input}
      {props.error && (
        <span class="field-error" id={errId} role="alert">
          {props.error}
        </span>
      )}
    </div>
  );
}
