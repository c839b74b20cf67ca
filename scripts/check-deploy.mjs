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
  for (const key of ['DATABASE_URL', 'REDIS_URL', 'PUBLIC_URL', 'PAYMENT_GATEWAY']) check(key in env, `compose.yaml: ${name} lacks ${key}`);
}
for (const volume of compose?.services?.caddy?.volumes ?? []) {
  const source = String(volume).split(':')[0];
  if (source.startsWith('./')) check(existsSync(source), `compose.yaml: ${source} does not exist`);
}

// Caddyfile: the proxy sends traffic only to processes that say they are ready.
const caddyfile = readFileSync('deploy/Caddyfile', 'utf8');
check(/reverse_proxy\s+app1:3000\s+app2:3000/.test(caddyfile), 'Caddyfile: reverse_proxy must name app1:3000 and app2:3000');
check(/health_uri\s+\/api\/ready/.test(caddyfile), 'Caddyfile: health_uri must be /api/ready');

// systemd unit: systemd's own verifier where it is installed (the executable is swapped for one that exists here).
const unit = readFileSync('deploy/loja.service', 'utf8');
check(/^Restart=always$/m.test(unit), 'loja.service: Restart=always is missing');
const verifier = spawnSync('systemd-analyze', ['--version']);
if (verifier.status === 0) {
  const dir = mkdtempSync(join(tmpdir(), 'loja-unit-'));
  writeFileSync(join(dir, 'loja.service'), unit.replace(/^ExecStart=\S+/m, 'ExecStart=/bin/true'));
  const verified = spawnSync('systemd-analyze', ['verify', join(dir, 'loja.service')], { encoding: 'utf8' });
  check(verified.status === 0 && !verified.stderr.trim(), `loja.service: systemd-analyze verify: ${verified.stderr.trim()}`);
} else {
  console.log('systemd-analyze is not installed: the unit is checked by its Restart line only.');
}

if (problems.length) {
  for (const problem of problems) console.error(`✖ ${problem}`);
  process.exit(1);
}
console.log('Deploy files checked: Dockerfile, compose.yaml, deploy/Caddyfile, deploy/loja.service.');
