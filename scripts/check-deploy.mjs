// `npm run check:deploy`: the production files that cannot run on a machine without Docker or systemd in
// charge (Dockerfile, compose.yaml, Caddyfile, the systemd unit) are checked for what would break a deploy.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';

const problems = [];
const check = (ok, problem) => ok || problems.push(problem);

// Dockerfile: known instructions only, a non-root user, a health check on readiness, a command.
const INSTRUCTIONS = /^(FROM|RUN|CMD|LABEL|EXPOSE|ENV|ADD|COPY|ENTRYPOINT|VOLUME|USER|WORKDIR|ARG|ONBUILD|STOPSIGNAL|HEALTHCHECK|SHELL)\b/i;
const dockerLines = readFileSync('Dockerfile', 'utf8').replace(/\\\n/g, ' ').split('\n').map((l) => l.trim()).filter((l) => l && !l.startsWith('#'));
for (const line of dockerLines) check(INSTRUCTIONS.test(line), `Dockerfile: unknown instruction: ${line.slice(0, 60)}`);
const users = dockerLines.filter((l) => /^USER\b/i.test(l));
check(users.length > 0 && !/\broot\b|\b0\b/.test(users.at(-1)), 'Dockerfile: the image must run as a non-root USER');
check(dockerLines.some((l) => /^HEALTHCHECK\b.*\/api\/ready/i.test(l)), 'Dockerfile: HEALTHCHECK must ask /api/ready');
check(dockerLines.some((l) => /^CMD\b/i.test(l)), 'Dockerfile: no CMD');
// The image serves what `npm run build` makes: the web app and the storefront's server render.
check(dockerLines.some((l) => /^RUN\b.*scripts\/build-web\.mjs/i.test(l)), 'Dockerfile: build with scripts/build-web.mjs (the web app and its server render)');
for (const dir of ['dist/web', 'dist/ssr']) check(dockerLines.some((l) => new RegExp(`^COPY\\b.*${dir}\\s+${dir}$`, 'i').test(l)), `Dockerfile: the image must hold ${dir}`);

// compose.yaml: parses; two app processes, PostgreSQL, Redis and the proxy, all restarting; files it mounts exist.
const compose = parse(readFileSync('compose.yaml', 'utf8'));
for (const name of ['app1', 'app2', 'caddy', 'postgres', 'redis']) {
  const service = compose?.services?.[name];
  check(service, `compose.yaml: no service ${name}`);
  check(service?.restart === 'always', `compose.yaml: ${name} must restart always`);
}
for (const name of ['app1', 'app2']) {
  const env = compose?.services?.[name]?.environment ?? {};
  for (const key of ['DATABASE_URL', 'REDIS_URL', 'PUBLIC_URL', 'PAYMENT_GATEWAY', 'SMTP_URL']) check(key in env, `compose.yaml: ${name} lacks ${key}`);
}
// The app connects as a role that cannot switch off the audit log's trigger (decision 0028): not the
// database's owner, no migrations at start; a one-shot service migrates as the owner before the apps start.
const owner = compose?.services?.postgres?.environment?.POSTGRES_USER;
const roleOf = (url) => /^postgres(?:ql)?:\/\/([^:@/]+)/.exec(String(url ?? ''))?.[1];
for (const name of ['app1', 'app2']) {
  const service = compose?.services?.[name];
  check(roleOf(service?.environment?.DATABASE_URL) && roleOf(service?.environment?.DATABASE_URL) !== owner, `compose.yaml: ${name} must connect as the app role, not the owner ${owner}`);
  check(service?.environment?.MIGRATE_ON_START === 'false', `compose.yaml: ${name} must set MIGRATE_ON_START to 'false'`);
  check(service?.depends_on?.migrate?.condition === 'service_completed_successfully', `compose.yaml: ${name} must wait for the migrate service`);
}
const migrateService = compose?.services?.migrate;
check(/cli\/migrate\.ts/.test(JSON.stringify(migrateService?.command ?? '')), 'compose.yaml: the migrate service must run src/server/cli/migrate.ts');
check(roleOf(migrateService?.environment?.DATABASE_URL) === owner, 'compose.yaml: the migrate service must connect as the owner (POSTGRES_USER)');
const initMount = (compose?.services?.postgres?.volumes ?? []).map(String).find((v) => v.endsWith(':/docker-entrypoint-initdb.d:ro'));
check(initMount && existsSync(initMount.split(':')[0]), 'compose.yaml: postgres must mount deploy/postgres-init as /docker-entrypoint-initdb.d');
const roleScript = existsSync('deploy/postgres-init/10-app-role.sh') ? readFileSync('deploy/postgres-init/10-app-role.sh', 'utf8') : '';
check(/CREATE ROLE loja_app LOGIN\b.*\bNOSUPERUSER\b/.test(roleScript), 'deploy/postgres-init/10-app-role.sh: must create loja_app NOSUPERUSER');
check(/GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO loja_app/.test(roleScript) && !/GRANT ALL|TRUNCATE|TRIGGER|ALTER ROLE/i.test(roleScript.replace(/^#.*$/gm, '')), 'deploy/postgres-init/10-app-role.sh: loja_app gets DML rights only');

for (const volume of compose?.services?.caddy?.volumes ?? []) {
  const source = String(volume).split(':')[0];
  if (source.startsWith('./')) check(existsSync(source), `compose.yaml: ${source} does not exist`);
}

// Caddyfile: the proxy sends traffic only to processes that say they are ready.
const caddyfile = readFileSync('deploy/Caddyfile', 'utf8');
// The upstreams may come from LOJA_UPSTREAMS (the soak bench's loopback ports), with compose's as the default.
check(
  /reverse_proxy\s+(\{\$LOJA_UPSTREAMS:)?app1:3000\s+app2:3000\b/.test(caddyfile),
  'Caddyfile: reverse_proxy must name app1:3000 and app2:3000',
);
check(/lb_try_duration\s+\d+m?s/.test(caddyfile), 'Caddyfile: lb_try_duration is missing (a request to a process that is gone must go to the other)');
// Caddy itself reads the file (when it is installed): a directive it does not know fails here, not at deploy.
if (spawnSync('caddy', ['version']).status === 0) {
  const adapted = spawnSync('caddy', ['adapt', '--config', 'deploy/Caddyfile', '--adapter', 'caddyfile'], {
    encoding: 'utf8',
    env: { ...process.env, SHOP_DOMAIN: 'loja.example.pt' },
  });
  check(adapted.status === 0, `Caddyfile: caddy adapt: ${adapted.stderr.trim().split('\n').at(-1)}`);
}
check(/health_uri\s+\/api\/ready/.test(caddyfile), 'Caddyfile: health_uri must be /api/ready');

// systemd units: systemd's own verifier where it is installed (the executable is swapped for one that exists here).
const units = Object.fromEntries(['loja@.socket', 'loja@.service', 'loja-next@.service'].map((name) => [name, readFileSync(`deploy/${name}`, 'utf8')]));
const service = units['loja@.service'];
const spare = units['loja-next@.service'];
const socketUnit = units['loja@.socket'];
check(/^Restart=always$/m.test(service), 'loja@.service: Restart=always is missing');
// Socket activation (decision 0051): each service needs its socket, which holds one stream on loopback.
check(/^Requires=loja@%i\.socket$/m.test(service), 'loja@.service: Requires=loja@%i.socket is missing');
check((socketUnit.match(/^ListenStream=/gm) ?? []).length === 1, 'loja@.socket: exactly one ListenStream (the shop listens on one socket)');
check(/^ListenStream=127\.0\.0\.1:%i$/m.test(socketUnit), 'loja@.socket: ListenStream must be 127.0.0.1:%i (a loopback port, its instance; Caddy is in front)');
// The upgrade's spare (decision 0058) takes the same socket; a stopping process drains longer than Caddy keeps
// an idle connection to it, so Caddy has let them all go when it closes.
check(/^Sockets=loja@%i\.socket$/m.test(spare), 'loja-next@.service: Sockets=loja@%i.socket is missing');
const keepalive = Number(/^\s*keepalive\s+(\d+)s$/m.exec(caddyfile)?.[1] ?? NaN);
for (const [name, text] of [['loja@.service', service], ['loja-next@.service', spare]]) {
  const drain = Number(/^Environment=SHUTDOWN_DRAIN_MS=(\d+)$/m.exec(text)?.[1] ?? NaN);
  check(drain > keepalive * 1000, `${name}: SHUTDOWN_DRAIN_MS (${drain}) must be longer than the Caddyfile's keepalive (${keepalive} s)`);
}
const verifier = spawnSync('systemd-analyze', ['--version']);
if (verifier.status === 0) {
  const dir = mkdtempSync(join(tmpdir(), 'loja-unit-'));
  for (const [name, text] of Object.entries(units)) writeFileSync(join(dir, name), text.replace(/^ExecStart=\S+/m, 'ExecStart=/bin/true'));
  const instances = ['loja@3000.socket', 'loja@3000.service', 'loja-next@3000.service'].map((name) => join(dir, name));
  const verified = spawnSync('systemd-analyze', ['verify', ...instances], { encoding: 'utf8' });
  check(verified.status === 0 && !verified.stderr.trim(), `loja@.socket, loja@.service, loja-next@.service: systemd-analyze verify: ${verified.stderr.trim()}`);
} else {
  console.log('systemd-analyze is not installed: the units are checked by their lines only.');
}

if (problems.length) {
  for (const problem of problems) console.error(`✖ ${problem}`);
  process.exit(1);
}
console.log('Deploy files checked: Dockerfile, compose.yaml, deploy/Caddyfile, deploy/loja@.socket, deploy/loja@.service, deploy/loja-next@.service.');
