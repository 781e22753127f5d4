// The Helm chart (deploy/helm/atelier): `helm lint` and `helm template` pass, the manifests have
// what the production page promises, and every environment name an Atelier container gets is a
// setting the configuration reads — with values loadConfig accepts. `npm test`'s setup builds the
// pinned Helm (`scripts/helm.sh --install`, a `go install`); without it these tests fail, never skip.
import { execFileSync, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { loadConfig, settingNames } from '../../src/config';

const root = join(import.meta.dirname, '..', '..');
const chart = join(root, 'deploy/helm/atelier');
const found = spawnSync('bash', [join(root, 'scripts/helm.sh'), '--find'], { encoding: 'utf8' });
const helm = found.status === 0 ? found.stdout.trim() : undefined;

// What an operator sets at the least: the secrets production refuses to start without.
const SECRETS = [
  'secret.values.DATABASE_URL=postgres://atelier:pw@db.internal:5432/atelier',
  'secret.values.REDIS_URL=redis://redis.internal:6379',
  `secret.values.SESSION_SECRET=${'s'.repeat(64)}`,
  `secret.values.ATELIER_ENCRYPTION_KEY=${'ab'.repeat(32)}`,
  'secret.values.S3_ACCESS_KEY_ID=atelier',
  'secret.values.S3_SECRET_ACCESS_KEY=atelier-secret',
];

interface Manifest {
  kind: string;
  metadata: { name: string; annotations?: Record<string, string> };
  data?: Record<string, string>;
  stringData?: Record<string, string>;
  spec?: any;
}

function render(sets: string[] = SECRETS): Manifest[] {
  const out = execFileSync(helm!, ['template', 'atelier', chart, '--namespace', 'atelier', ...sets.flatMap((s) => ['--set', s])], { encoding: 'utf8' });
  return parseAllDocuments(out).map((d) => d.toJS() as Manifest).filter(Boolean);
}

function podSpecs(manifests: Manifest[]) {
  return manifests.filter((m) => m.kind === 'Deployment' || m.kind === 'Job').map((m) => ({ name: m.metadata.name, pod: m.spec.template.spec }));
}

/**
 * The environment each Atelier container would see (its ConfigMap and Secret, then its own env),
 * and every name that is not a setting. Other images (the Temporal CLI's Job) have their own.
 */
function atelierEnvs(manifests: Manifest[]) {
  const byName = new Map(manifests.map((m) => [`${m.kind}/${m.metadata.name}`, m]));
  const known = settingNames();
  const envs: { container: string; env: Record<string, string> }[] = [];
  const unknown: string[] = [];
  for (const { name, pod } of podSpecs(manifests)) {
    for (const c of pod.containers as any[]) {
      if (!String(c.image).startsWith('atelier:')) continue;
      const env: Record<string, string> = {};
      for (const from of c.envFrom ?? []) {
        const source = from.configMapRef ? byName.get(`ConfigMap/${from.configMapRef.name}`)?.data : byName.get(`Secret/${from.secretRef.name}`)?.stringData;
        Object.assign(env, source ?? {});
      }
      for (const e of c.env ?? []) env[e.name] = e.value;
      for (const n of Object.keys(env)) if (!known.has(n)) unknown.push(`${name}/${c.name}: ${n}`);
      envs.push({ container: `${name}/${c.name}`, env });
    }
  }
  return { envs, unknown };
}

describe('Helm chart', () => {
  it('has the pinned Helm to run (scripts/setup.sh builds it)', () => {
    expect(helm, 'helm is not built: run scripts/helm.sh --install (npm test does)').toBeDefined();
  });

  it('passes helm lint --strict', () => {
    const lint = spawnSync(helm!, ['lint', chart, '--strict', ...SECRETS.flatMap((s) => ['--set', s])], { encoding: 'utf8' });
    expect(lint.stdout + lint.stderr).toContain('1 chart(s) linted, 0 chart(s) failed');
    expect(lint.status).toBe(0);
  });

  it('renders API and worker Deployments apart, probes, the migration Job and the Temporal setup Job', () => {
    const manifests = render();
    const kinds = manifests.map((m) => `${m.kind}/${m.metadata.name}`).sort();
    expect(kinds).toEqual([
      'ConfigMap/atelier-config', 'Deployment/atelier-api', 'Deployment/atelier-worker', 'Job/atelier-migrate',
      'Job/atelier-temporal-setup', 'NetworkPolicy/atelier-api', 'NetworkPolicy/atelier-jobs', 'NetworkPolicy/atelier-worker',
      'Secret/atelier-secret', 'Service/atelier-api',
    ]);
    const pods = new Map(podSpecs(manifests).map((p) => [p.name, p.pod]));
    const api = pods.get('atelier-api').containers[0];
    expect(api.env).toContainEqual({ name: 'ATELIER_ROLE', value: 'api' });
    expect(api.readinessProbe.httpGet).toEqual({ path: '/healthz', port: 'http' });
    const worker = pods.get('atelier-worker').containers[0];
    expect(worker.env).toContainEqual({ name: 'ATELIER_ROLE', value: 'worker' });
    expect(worker.livenessProbe.tcpSocket).toEqual({ port: 'metrics' });

    // The migration runs after install and before every upgrade; the config and the Secret it reads
    // are ordinary resources of the release (uninstall removes them), never hooks.
    const migrate = manifests.find((m) => m.metadata.name === 'atelier-migrate')!;
    expect(migrate.metadata.annotations).toMatchObject({ 'helm.sh/hook': 'post-install,pre-upgrade', 'helm.sh/hook-weight': '0' });
    expect(migrate.spec.template.spec.containers[0].command).toEqual(['npm', 'run', '-s', 'db:migrate']);
    for (const kind of ['ConfigMap', 'Secret']) expect(manifests.find((m) => m.kind === kind)!.metadata.annotations?.['helm.sh/hook'], kind).toBeUndefined();
    const setupJob = manifests.find((m) => m.metadata.name === 'atelier-temporal-setup')!;
    expect(setupJob.metadata.annotations).toMatchObject({ 'helm.sh/hook': 'pre-install,pre-upgrade' });

    // The search attributes the setup Job registers are the ones the dev server is started with.
    const devScript = readFileSync(join(root, 'temporal-dev.sh'), 'utf8');
    const devAttributes = [...devScript.match(/search_attributes=\(([^)]*)\)/)![1]!.matchAll(/(\w+)=Keyword/g)].map((m) => m[1]);
    const setup = pods.get('atelier-temporal-setup').containers[0].command.join('\n') as string;
    expect(devAttributes).toHaveLength(4);
    for (const name of devAttributes) expect(setup).toContain(name);
    expect(setup).toContain('--type Keyword');
  });

  it('gives Atelier containers only settings the configuration reads, with values it accepts', () => {
    const { envs, unknown } = atelierEnvs(render());
    expect(unknown).toEqual([]);
    expect(envs.map((e) => e.container).sort()).toEqual(['atelier-api/api', 'atelier-migrate/migrate', 'atelier-worker/worker']);
    for (const { container, env } of envs) {
      const config = loadConfig(env);
      expect(config.env, container).toBe('production');
      expect(config.blobs, container).toEqual({ backend: 's3', bucket: 'atelier-blobs' });
    }
    expect(loadConfig(envs.find((e) => e.container === 'atelier-worker/worker')!.env).role).toBe('worker');
  });

  it('gives API and worker pods a heap limit: heapMb, else 60 % of their memory limit (at least 384 MiB under it), else the image default', () => {
    const heap = (sets: string[] = []) => Object.fromEntries(atelierEnvs(render([...SECRETS, ...sets])).envs.map((e) => [e.container, e.env.ATELIER_HEAP_MB]));
    // values.yaml: API limit 1536Mi, worker limit 2Gi; the migration Job keeps the image default.
    expect(heap()).toEqual({ 'atelier-api/api': '921', 'atelier-worker/worker': '1228', 'atelier-migrate/migrate': undefined });
    expect(heap(['api.heapMb=512', 'worker.heapMb=0'])).toMatchObject({ 'atelier-api/api': '512', 'atelier-worker/worker': '0' });
    expect(heap(['worker.resources.limits.memory=3G'])['atelier-worker/worker']).toBe(String(Math.floor(((3e9 / 2 ** 20) * 60) / 100)));
    expect(heap(['worker.resources.limits.memory=1Gi'])['atelier-worker/worker']).toBe('614');
    // 60 % of 768 MiB would leave the process 307 MiB besides its heap: the limit less 384 MiB instead.
    expect(heap(['worker.resources.limits.memory=786432Ki'])['atelier-worker/worker']).toBe('384');
    expect(heap(['worker.resources.limits=null'])['atelier-worker/worker']).toBeUndefined();
    for (const [memory, message] of [['2GB', 'give a number with Ki, Mi, Gi'], ['500Mi', 'give 512Mi or more']]) {
      expect(() => render([...SECRETS, `worker.resources.limits.memory=${memory}`]), memory).toThrow(message);
    }
  });

  it('the Temporal setup Job registers the namespace and the search attributes on a real server, and a rerun changes nothing', () => {
    const namespace = `atelier-helm-${randomBytes(4).toString('hex')}`;
    const manifests = render([`config.TEMPORAL_ADDRESS=${inject('temporalAddress')}`, `config.TEMPORAL_NAMESPACE=${namespace}`]);
    const container = podSpecs(manifests).find((p) => p.name === 'atelier-temporal-setup')!.pod.containers[0];
    const cli = execFileSync('bash', [join(root, 'temporal-dev.sh'), '--install'], { encoding: 'utf8' }).trim();
    const env = { ...process.env, PATH: `${dirname(cli)}:${process.env.PATH}`, ...Object.fromEntries(container.env.map((e: { name: string; value: string }) => [e.name, e.value])) };
    const [shell, ...args] = container.command as string[];
    const first = spawnSync(shell!, args, { env, encoding: 'utf8', timeout: 90_000 });
    expect(first.stderr + first.stdout).toContain(`Namespace ${namespace} successfully registered`);
    expect(first.status).toBe(0);
    const again = spawnSync(shell!, args, { env, encoding: 'utf8', timeout: 90_000 });
    expect(again.status).toBe(0);
    expect(again.stdout).not.toContain('registered');
    expect(again.stdout).not.toContain('have been added');
    const listed = execFileSync(cli, ['operator', 'search-attribute', 'list', '--address', inject('temporalAddress'), '--namespace', namespace], { encoding: 'utf8' });
    for (const name of ['AtelierWorkflowId', 'AtelierAccountId', 'AtelierTriggerType', 'AtelierKind']) expect(listed).toMatch(new RegExp(`${name}\\s+Keyword`));
  }, 120_000);

  it('hardens every pod: seccomp RuntimeDefault, no service-account token, no secret hash in annotations, proxies untrusted, network policies', () => {
    const manifests = render();
    for (const { name, pod } of podSpecs(manifests)) {
      expect(pod.automountServiceAccountToken, name).toBe(false);
      expect(pod.securityContext?.seccompProfile, name).toEqual({ type: 'RuntimeDefault' });
    }
    const secretValues = SECRETS.map((s) => s.slice(s.indexOf('=') + 1)).filter((v) => v.length > 20);
    for (const m of manifests.filter((x) => x.kind === 'Deployment')) {
      const annotations = m.spec.template.metadata.annotations as Record<string, string>;
      expect(Object.keys(annotations), m.metadata.name).not.toContain('checksum/secret');
      const text = JSON.stringify(m);
      for (const v of secretValues) expect(text, m.metadata.name).not.toContain(v);
    }
    // A new revision rolls the pods after the Secret changed.
    const bumped = render([...SECRETS, 'secret.revision=2026-12-01']);
    expect(bumped.find((m) => m.kind === 'Deployment' && m.metadata.name === 'atelier-api')!.spec.template.metadata.annotations['atelier/secret-revision']).toBe('2026-12-01');
    expect(manifests.find((m) => m.kind === 'ConfigMap')!.data!.TRUST_PROXY).toBe('false');
    const policies = new Map(manifests.filter((m) => m.kind === 'NetworkPolicy').map((m) => [m.metadata.name, m.spec]));
    expect(policies.get('atelier-api').ingress).toEqual([{ ports: [{ port: 3000, protocol: 'TCP' }] }]);
    expect(policies.get('atelier-worker').ingress).toEqual([{ ports: [{ port: 9464, protocol: 'TCP' }], from: [{ podSelector: {} }] }]);
    expect(policies.get('atelier-jobs').ingress).toBeUndefined();
    expect(render([...SECRETS, 'networkPolicy.enabled=false']).some((m) => m.kind === 'NetworkPolicy')).toBe(false);
  });

  it('the check fails on a misspelt setting, and an existing Secret replaces the chart-made one', () => {
    expect(atelierEnvs(render([...SECRETS, 'config.S3_ENDPIONT=http://x'])).unknown).toContain('atelier-api/api: S3_ENDPIONT');
    const manifests = render(['secret.existingSecret=atelier-prod']);
    expect(manifests.some((m) => m.kind === 'Secret')).toBe(false);
    const api = podSpecs(manifests).find((p) => p.name === 'atelier-api')!.pod.containers[0];
    expect(api.envFrom).toContainEqual({ secretRef: { name: 'atelier-prod' } });
  });
});
