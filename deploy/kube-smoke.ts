/**
 * npm run fleet:kube — proves deploy/kubernetes/ is valid by using it:
 *
 *   1. every object in the kustomization validates against the Kubernetes OpenAPI schemas (kubernetes-models'
 *      validators: types, required fields, formats such as quantities);
 *   2. the settings agree with each other (grace period covers preStop + SHUTDOWN_TIMEOUT_MS, 256Mi, probes on
 *      /readyz and /healthz, non-root, read-only root, no capabilities, seccomp RuntimeDefault);
 *   3. the ConfigMap, the PersistentVolumeClaim and the Deployment run under `podman kube play` with the app
 *      image: the pod gets ready, adds its build to the asset store on the claim's volume,
 *      serves pages and metrics as the non-root user on a read-only root filesystem, within 256 MiB.
 *
 * Service, HorizontalPodAutoscaler and PodDisruptionBudget have no podman equivalent; they are checked by 1.
 * Needs root and podman (installed if missing, see deploy/podman.ts). Removes the pod it played, also on Ctrl-C.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseAllDocuments } from 'yaml';
import { ConfigMap, PersistentVolumeClaim, Service } from 'kubernetes-models/v1';
import { Deployment } from 'kubernetes-models/apps/v1';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1';
import { Ingress } from 'kubernetes-models/networking.k8s.io/v1';
import { SetupError, buildImages, ensurePodman, log, onCleanup, podman, root, sleep } from './podman.ts';

const dir = path.join(root, 'deploy/kubernetes');
const failures: string[] = [];
const check = (ok: boolean, what: string) => {
  log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) failures.push(what);
};

const MODELS: Record<string, new (data: never) => { validate(): void }> = {
  'v1/ConfigMap': ConfigMap,
  'v1/PersistentVolumeClaim': PersistentVolumeClaim,
  'v1/Service': Service,
  'apps/v1/Deployment': Deployment,
  'autoscaling/v2/HorizontalPodAutoscaler': HorizontalPodAutoscaler,
  'policy/v1/PodDisruptionBudget': PodDisruptionBudget,
  'networking.k8s.io/v1/Ingress': Ingress,
};

type Manifest = { apiVersion: string; kind: string; metadata: { name: string }; [key: string]: unknown };

function loadManifests(): Array<{ file: string; object: Manifest }> {
  const kustomization = parseAllDocuments(readFileSync(path.join(dir, 'kustomization.yaml'), 'utf8'))[0]!.toJS() as {
    resources: string[];
  };
  return kustomization.resources.flatMap((file) =>
    parseAllDocuments(readFileSync(path.join(dir, file), 'utf8')).map((document) => {
      if (document.errors.length > 0) throw new Error(`${file}: ${document.errors[0]!.message}`);
      return { file, object: document.toJS() as Manifest };
    }),
  );
}

function validateSchemas(manifests: Array<{ file: string; object: Manifest }>): void {
  for (const { file, object } of manifests) {
    const Model = MODELS[`${object.apiVersion}/${object.kind}`];
    if (!Model) {
      check(false, `${file}: no schema for ${object.apiVersion} ${object.kind}`);
      continue;
    }
    try {
      new Model(object as never).validate();
      check(true, `${file}: ${object.kind} ${object.metadata.name} is valid ${object.apiVersion}`);
    } catch (error) {
      check(false, `${file}: ${object.kind} ${object.metadata.name}: ${(error as Error).message}`);
    }
  }
  const kinds = new Set(manifests.map(({ object }) => object.kind));
  for (const kind of [
    'ConfigMap',
    'PersistentVolumeClaim',
    'Deployment',
    'Service',
    'HorizontalPodAutoscaler',
    'PodDisruptionBudget',
    'Ingress',
  ]) {
    check(kinds.has(kind), `the kustomization has a ${kind}`);
  }
}

/** The numbers that must agree across the manifests, as an operator would check them by hand. */
function checkConsistency(manifests: Array<{ file: string; object: Manifest }>): void {
  const find = <T>(kind: string) => manifests.find(({ object }) => object.kind === kind)?.object as T;
  const config = find<{ data: Record<string, string> }>('ConfigMap').data;
  type Probe = { httpGet?: { path: string; port: string } };
  type Container = {
    lifecycle?: { preStop?: { exec?: { command: string[] } } };
    resources: { requests: Record<string, string>; limits: Record<string, string> };
    startupProbe?: Probe;
    readinessProbe?: Probe;
    livenessProbe?: Probe;
    securityContext: {
      readOnlyRootFilesystem?: boolean;
      allowPrivilegeEscalation?: boolean;
      runAsNonRoot?: boolean;
      capabilities?: { drop?: string[]; add?: string[] };
    };
    envFrom?: Array<{ configMapRef?: { name: string } }>;
    volumeMounts?: Array<{ name: string; mountPath: string }>;
  };
  const deployment = find<{
    spec: {
      replicas: number;
      strategy: { rollingUpdate: { maxSurge: number | string; maxUnavailable: number | string } };
      template: {
        spec: {
          terminationGracePeriodSeconds: number;
          securityContext: {
            runAsNonRoot?: boolean;
            runAsUser?: number;
            fsGroup?: number;
            seccompProfile?: { type: string };
          };
          containers: Container[];
          volumes?: Array<{ name: string; persistentVolumeClaim?: { claimName: string } }>;
        };
      };
    };
  }>('Deployment');
  const pod = deployment.spec.template.spec;
  const container = pod.containers[0]!;
  const preStop = container.lifecycle?.preStop?.exec?.command;
  const preStopSeconds = preStop?.[0] === 'sleep' ? Number(preStop[1]) : 0;
  const timeoutSeconds = Number(config.SHUTDOWN_TIMEOUT_MS) / 1000;
  check(deployment.spec.replicas === 3, 'Deployment: 3 replicas');
  check(
    pod.terminationGracePeriodSeconds > preStopSeconds + timeoutSeconds,
    `terminationGracePeriodSeconds ${pod.terminationGracePeriodSeconds} > preStop ${preStopSeconds} s + SHUTDOWN_TIMEOUT_MS ${timeoutSeconds} s`,
  );
  check(
    Number(config.SHUTDOWN_DELAY_MS) < Number(config.SHUTDOWN_TIMEOUT_MS),
    'SHUTDOWN_DELAY_MS < SHUTDOWN_TIMEOUT_MS',
  );
  check(
    container.resources.limits.memory === '256Mi' && container.resources.requests.memory === '256Mi',
    'memory request and limit 256Mi',
  );
  check(Boolean(container.resources.requests.cpu && container.resources.limits.cpu), 'CPU request and limit set');
  check(container.readinessProbe?.httpGet?.path === '/readyz', 'readiness probe on /readyz');
  check(
    container.livenessProbe?.httpGet?.path === '/healthz' && container.startupProbe?.httpGet?.path === '/healthz',
    'liveness and startup probes on /healthz',
  );
  check(
    [container.startupProbe, container.readinessProbe, container.livenessProbe].every(
      (probe) => probe?.httpGet?.port === 'metrics',
    ),
    'probes on the metrics port, which a burst of shoppers does not queue (0019)',
  );
  check(
    pod.securityContext.runAsNonRoot === true && pod.securityContext.runAsUser === 1000,
    'runAsNonRoot, as uid 1000 (the image user node)',
  );
  check(pod.securityContext.seccompProfile?.type === 'RuntimeDefault', 'seccomp RuntimeDefault');
  check(
    container.securityContext.readOnlyRootFilesystem === true &&
      container.securityContext.allowPrivilegeEscalation === false &&
      JSON.stringify(container.securityContext.capabilities?.drop) === '["ALL"]' &&
      !container.securityContext.capabilities?.add,
    'read-only root filesystem, no privilege escalation, every capability dropped',
  );
  check(
    container.envFrom?.[0]?.configMapRef?.name === find<Manifest>('ConfigMap').metadata.name,
    'settings come from the ConfigMap',
  );
  check(/^https:\/\//.test(config.PUBLIC_URL ?? ''), `PUBLIC_URL is set (${config.PUBLIC_URL})`);
  check(config.METRICS_PORT === '9464', 'METRICS_PORT 9464, matching the prometheus.io/port annotation');
  const claim = find<{ metadata: { name: string }; spec: { accessModes: string[] } }>('PersistentVolumeClaim');
  const volume = pod.volumes?.find((entry) => entry.persistentVolumeClaim?.claimName === claim.metadata.name);
  const mount = container.volumeMounts?.find((entry) => entry.name === volume?.name);
  check(
    mount?.mountPath === config.ASSET_STORE && claim.spec.accessModes.includes('ReadWriteMany'),
    `the asset store: ASSET_STORE ${config.ASSET_STORE} is the ReadWriteMany claim ${claim.metadata.name}, shared by every pod`,
  );
  check(pod.securityContext.fsGroup === 1000, "fsGroup 1000: the store's volume is writable by the app");
  const { maxSurge, maxUnavailable } = deployment.spec.strategy.rollingUpdate;
  check(
    maxUnavailable === 0 && Number(maxSurge) >= 1,
    `rolling update: maxSurge ${maxSurge}, maxUnavailable ${maxUnavailable} (a new pod is ready before an old one goes)`,
  );
  // The ingress protects the pods as nginx.conf protects the compose fleet (0019).
  const ingress = find<{ metadata: { annotations: Record<string, string> } }>('Ingress').metadata.annotations;
  const nginxConf = readFileSync(path.join(root, 'deploy/nginx/nginx.conf'), 'utf8');
  const perClient = /limit_conn clients (\d+);/.exec(nginxConf)?.[1];
  check(
    ingress['nginx.ingress.kubernetes.io/limit-connections'] === perClient,
    `Ingress: ${ingress['nginx.ingress.kubernetes.io/limit-connections']} requests in flight per client, as nginx.conf (${perClient})`,
  );
  check(
    !/503/.test(ingress['nginx.ingress.kubernetes.io/proxy-next-upstream'] ?? 'http_503'),
    'Ingress: a request a pod shed (503) is never retried on another',
  );
}

async function play(manifests: Array<{ file: string; object: Manifest }>): Promise<void> {
  // podman runs Pods, Deployments and ConfigMaps; the rest is for a cluster. podman 4.3 publishes each
  // containerPort on the host, so three pods would collide on port 3000: it plays one replica.
  const playable = manifests
    .filter(({ object }) => ['ConfigMap', 'PersistentVolumeClaim', 'Deployment'].includes(object.kind))
    .map(({ file, object }) =>
      object.kind === 'Deployment'
        ? { file, object: { ...object, spec: { ...(object.spec as object), replicas: 1 } } as Manifest }
        : { file, object },
    );
  const file = path.join(tmpdir(), `storefront-kube-${process.pid}.yaml`);
  writeFileSync(file, playable.map(({ object }) => JSON.stringify(object)).join('\n---\n'));
  let played = false;
  // kube play creates podman's default kube network when it is missing; then it is ours to remove.
  const kubeNetwork = 'podman-default-kube-network';
  const networkExisted = spawnSync('podman', ['network', 'exists', kubeNetwork]).status === 0;
  onCleanup(() => {
    if (played) {
      log('podman kube down');
      spawnSyncQuiet(['kube', 'down', file]);
      if (!networkExisted) spawnSyncQuiet(['network', 'rm', kubeNetwork]);
      // The claim's volume (podman makes one per PersistentVolumeClaim).
      spawnSyncQuiet(['volume', 'rm', '-f', 'storefront-assets']);
    }
  });
  await buildImages({ app: true });
  log(`podman kube play ${path.relative(root, dir)} (ConfigMap + PersistentVolumeClaim + Deployment)`);
  played = true;
  console.log(await podman(['kube', 'play', file]));

  const pods = (
    await podman(['pod', 'ps', '--filter', 'label=app.kubernetes.io/name=storefront', '--format', '{{.Name}}'])
  )
    .split('\n')
    .filter(Boolean);
  const containers = (await podman(['ps', '-a', '--filter', `pod=${pods[0]}`, '--format', '{{.Names}}']))
    .split('\n')
    .filter((name) => name.endsWith('-storefront'));
  check(pods.length >= 1 && containers.length === 1, `pod ${pods[0]} runs container ${containers[0]}`);
  const container = containers[0]!;
  const inPod = (script: string) => podman(['exec', container, 'node', '-e', script]);
  const fetchStatus = (port: number, requestPath: string) =>
    inPod(
      `fetch('http://127.0.0.1:${port}${requestPath}').then(async r=>{console.log(r.status, (await r.text()).slice(0,2000))},e=>{console.log(0,String(e))})`,
    );

  let ready = '';
  for (let attempt = 0; attempt < 60 && !ready.startsWith('200'); attempt++) {
    ready = await fetchStatus(3000, '/readyz').catch(() => '');
    if (!ready.startsWith('200')) await sleep(500);
  }
  check(ready.startsWith('200'), `/readyz answers 200 in the pod (${ready.slice(0, 20)})`);
  check((await fetchStatus(3000, '/')).startsWith('200'), 'GET / answers 200');
  const about = await fetchStatus(3000, '/about');
  check(
    about.includes('<link rel="canonical" href="https://shop.example.com/about"/>'),
    "the canonical link uses the ConfigMap's PUBLIC_URL",
  );
  check(/nodejs_eventloop_lag_seconds/.test(await fetchStatus(9464, '/metrics')), 'metrics on METRICS_PORT 9464');
  check((await fetchStatus(9464, '/readyz')).startsWith('200 ready'), 'the probes answer on METRICS_PORT 9464');
  const records = await podman(['exec', container, 'ls', '/var/lib/storefront/assets/.builds']).catch(() => '');
  check(/\.json/.test(records), `the pod added its build to the asset store on the claim's volume (${records.trim()})`);

  const [info] = JSON.parse(await podman(['inspect', container])) as Array<{
    Config: { User: string };
    HostConfig: {
      ReadonlyRootfs: boolean;
      Memory: number;
      CapAdd: string[] | null;
      CapDrop: string[] | null;
      SecurityOpt: string[] | null;
    };
    State: { Running: boolean };
  }>;
  const uid = (await podman(['exec', container, 'awk', '/^Uid:/ { print $2 }', '/proc/1/status'])).trim();
  check(uid === '1000', `the app runs as uid ${uid}`);
  check(info!.HostConfig.ReadonlyRootfs, 'the root filesystem is read-only');
  check(info!.HostConfig.Memory === 256 * 1024 * 1024, `memory limit ${info!.HostConfig.Memory / 1024 / 1024} MiB`);
  const write = await podman(['exec', container, 'sh', '-c', 'touch /app/x 2>&1 || true']);
  check(/Read-only file system/.test(write), 'writing into the image fails (read-only)');
  const capabilities = await podman(['exec', container, 'sh', '-c', 'grep CapEff /proc/1/status']);
  check(/CapEff:\s+0+$/.test(capabilities.trim()), `no effective capabilities (${capabilities.trim()})`);
}

function spawnSyncQuiet(args: string[]): void {
  spawnSync('podman', args, { stdio: 'ignore' });
}

try {
  const manifests = loadManifests();
  validateSchemas(manifests);
  checkConsistency(manifests);
  ensurePodman();
  await play(manifests);
  console.log(failures.length === 0 ? '\nkube: PASS' : `\nkube: FAIL\n  ${failures.join('\n  ')}`);
  process.exitCode = failures.length === 0 ? 0 : 1;
} catch (error) {
  console.error(error instanceof SetupError ? `kube: cannot run: ${error.message}` : error);
  process.exitCode = error instanceof SetupError ? 3 : 1;
}
