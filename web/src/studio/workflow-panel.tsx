// The workflow's own settings in the inspector: tags and active (saved with the next Save), the
// trigger's config (its type follows the trigger node on the canvas), variables, the USD cap, step
// and time limits, the error handler; and what runs it besides a person: its canary rule, its
// schedules and its webhook address.
import { useEffect, useState } from 'preact/hooks';
import { api, ENGINE } from '../api';
import type { Issue, Settings } from './model';
import { JsonField } from './params-form';

export interface WorkflowMeta {
  tags: string[];
  active: boolean;
}

const triggerFields: Record<string, Array<{ key: string; label: string; placeholder?: string }>> = {
  schedule: [
    { key: 'cron', label: 'Cron (5 fields)', placeholder: '*/15 * * * *' },
    { key: 'timezone', label: 'Time zone', placeholder: 'Europe/Warsaw' },
  ],
  webhook: [
    { key: 'path', label: 'Path after the hook address', placeholder: 'orders/new' },
    { key: 'secret', label: 'Signing secret' },
  ],
  event: [{ key: 'event', label: 'Event name', placeholder: 'order.created' }],
  manual: [],
};

export function WorkflowPanel(props: {
  triggerType: string;
  settings: Settings;
  meta: WorkflowMeta;
  issues: Issue[];
  onSettings: (next: Settings, coalesce?: string) => void;
  onMeta: (next: WorkflowMeta) => void;
}) {
  const { settings, meta, issues } = props;
  const config = settings.trigger_config ?? {};
  const issueFor = (key: string) => issues.filter((i) => i.setting === key);
  const setConfig = (key: string, value: unknown) => {
    const next = { ...config };
    if (value === undefined || value === '') delete next[key];
    else next[key] = value;
    props.onSettings({ ...settings, trigger_config: Object.keys(next).length ? next : undefined }, `trigger:${key}`);
  };
  const set = <K extends keyof Settings>(key: K, value: Settings[K]) => {
    const next = { ...settings };
    if (value === undefined) delete next[key];
    else next[key] = value;
    props.onSettings(next, `setting:${key}`);
  };
  const numberInput = (key: 'usd_cap' | 'max_steps' | 'max_execution_time_s', label: string, step: string) => {
    const mine = issueFor(key);
    return (
      <div class={`field${mine.length ? ' invalid' : ''}`}>
        <label for={`setting-${key}`}>{label}</label>
        <input
          id={`setting-${key}`}
          type="number"
          step={step}
          min={0}
          value={typeof settings[key] === 'number' ? String(settings[key]) : ''}
          aria-invalid={mine.length > 0}
          onInput={(e) => {
            const t = e.currentTarget.value;
            set(key, t === '' ? undefined : Number(t));
          }}
        />
        {mine.map((i, n) => (
          <span class="field-error" role="alert" key={n}>
            {i.msg}
          </span>
        ))}
      </div>
    );
  };
  return (
    <div data-testid="workflow-panel">
      <h2>Workflow settings</h2>
      <div class="field">
        <label for="wf-tags">Tags (comma-separated)</label>
        <input
          id="wf-tags"
          value={meta.tags.join(', ')}
          onChange={(e) =>
            props.onMeta({
              ...meta,
              tags: e.currentTarget.value
                .split(',')
                .map((t) => t.trim())
                .filter(Boolean),
            })
          }
        />
      </div>
      <div class="field">
        <label class="check">
          <input type="checkbox" checked={meta.active} onChange={(e) => props.onMeta({ ...meta, active: e.currentTarget.checked })} /> Active (its schedules and hooks start runs)
        </label>
      </div>
      <h3>Trigger: {props.triggerType}</h3>
      <p class="field-desc">The trigger follows the trigger node on the canvas.</p>
      {(triggerFields[props.triggerType] ?? []).map((f) => {
        const mine = issueFor(`trigger.${f.key}`);
        return (
          <div class={`field${mine.length ? ' invalid' : ''}`} key={f.key}>
            <label for={`trigger-${f.key}`}>{f.label}</label>
            <input
              id={`trigger-${f.key}`}
              placeholder={f.placeholder}
              aria-invalid={mine.length > 0}
              value={typeof config[f.key] === 'string' ? (config[f.key] as string) : ''}
              onInput={(e) => setConfig(f.key, e.currentTarget.value)}
            />
            {mine.map((i, n) => (
              <span class="field-error" role="alert" key={n}>
                {i.msg}
              </span>
            ))}
          </div>
        );
      })}
      <div class="field">
        <label for="trigger-input-schema">Input schema (JSON Schema, type object; shapes the run form)</label>
        <JsonField id="trigger-input-schema" value={config.input_schema} invalid={false} onChange={(v) => setConfig('input_schema', v)} rows={3} />
      </div>
      {issueFor('trigger').map((i, n) => (
        <p class="field-error" role="alert" key={n}>
          {i.msg}
        </p>
      ))}
      <h3>Run limits</h3>
      <div class="field">
        <label for="setting-variables">Variables (JSON object; templates read them as {'{{variables.name}}'})</label>
        <JsonField id="setting-variables" value={settings.variables} invalid={issueFor('variables').length > 0} onChange={(v) => set('variables', v as Record<string, unknown> | undefined)} rows={3} />
        {issueFor('variables').map((i, n) => (
          <span class="field-error" role="alert" key={n}>
            {i.msg}
          </span>
        ))}
      </div>
      {numberInput('usd_cap', 'USD cap per run (empty: no cap)', 'any')}
      {numberInput('max_steps', 'Max steps (default 500)', '1')}
      {numberInput('max_execution_time_s', 'Max run time, seconds (default 3600)', '1')}
      <div class="field">
        <label for="setting-error-handler">When a node fails</label>
        <select id="setting-error-handler" value={settings.error_handler ?? 'stop'} onChange={(e) => set('error_handler', e.currentTarget.value as Settings['error_handler'])}>
          <option value="stop">stop the run</option>
          <option value="continue">continue</option>
          <option value="retry">retry</option>
        </select>
      </div>
    </div>
  );
}

interface Canary {
  canary_config: { canary_version: number; stable_version: number; canary_weight_pct: number; is_active: boolean } | null;
  metrics: { stable: { total_runs: number; error_rate_pct: number }; canary: { total_runs: number; error_rate_pct: number } };
  rollback_triggered: boolean;
}
interface ScheduleRow {
  id: string;
  cron: string;
  timezone: string;
  active: boolean;
  fire_count: number;
  last_fired_at: string | null;
}

/** Canary, schedules and the webhook of a saved workflow (read-only here; the API changes them). */
export function Deployment(props: { workflowId: string; triggerType: string; version: number | null }) {
  const [canary, setCanary] = useState<Canary | null>(null);
  const [schedules, setSchedules] = useState<ScheduleRow[] | null>(null);
  const [hook, setHook] = useState<{ url: string; signed: boolean } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const id = encodeURIComponent(props.workflowId);
  useEffect(() => {
    api<Canary>('GET', `${ENGINE}/workflows/${id}/canary`)
      .then(setCanary)
      .catch((e: Error) => setError(e.message));
    api<{ data: ScheduleRow[] }>('GET', `${ENGINE}/schedules?workflow_id=${id}`)
      .then((l) => setSchedules(l.data))
      .catch((e: Error) => setError(e.message));
    if (props.triggerType === 'webhook') {
      api<{ url: string; signed: boolean }>('GET', `${ENGINE}/workflows/${id}/webhook`)
        .then(setHook)
        .catch(() => setHook(null));
    } else setHook(null);
  }, [props.workflowId, props.triggerType, props.version]);
  const c = canary?.canary_config;
  return (
    <div data-testid="deployment">
      <h3>Canary</h3>
      {!canary ? (
        <p class="muted">…</p>
      ) : !c ? (
        <p class="muted">No canary: every run uses the current version.</p>
      ) : (
        <p>
          {c.is_active ? '' : '(inactive) '}v{c.canary_version} on {c.canary_weight_pct}% of runs, v{c.stable_version} on the rest · canary {canary.metrics.canary.total_runs} runs ({canary.metrics.canary.error_rate_pct}% errors), stable{' '}
          {canary.metrics.stable.total_runs} runs ({canary.metrics.stable.error_rate_pct}% errors){canary.rollback_triggered ? ' · rolled back' : ''}
        </p>
      )}
      <h3>Schedules</h3>
      {schedules === null ? (
        <p class="muted">…</p>
      ) : !schedules.length ? (
        <p class="muted">None.</p>
      ) : (
        <ul class="plain">
          {schedules.map((s) => (
            <li key={s.id}>
              <code>{s.cron}</code> {s.timezone} {s.active ? '' : '(paused)'} · fired {s.fire_count}×{s.last_fired_at ? `, last ${new Date(s.last_fired_at).toLocaleString()}` : ''}
            </li>
          ))}
        </ul>
      )}
      {props.triggerType === 'webhook' && (
        <>
          <h3>Webhook</h3>
          {hook ? (
            <p>
              <code class="wrap">{hook.url}</code> {hook.signed ? '(signed)' : '(unsigned)'}
            </p>
          ) : (
            <p class="muted">Save with a webhook trigger to get its address.</p>
          )}
        </>
      )}
      {error && <p class="error">{error}</p>}
    </div>
  );
}
