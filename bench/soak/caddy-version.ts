// What the Caddyfile needs from the Caddy that runs it: before 2.11.2 (Debian 12 ships 2.6.2), a request with
// a body that Caddy sends to the other process after a refused connection goes out without its body (the
// transport closed it: caddy#5454, fixed by #7547) unless Caddy buffers request bodies.

/** The version in `caddy version`'s answer ("v2.6.2 h1:…", "2.6.2"), as [major, minor, patch]. */
export function caddyVersion(answer: string): [number, number, number] | undefined {
  const m = /(\d+)\.(\d+)\.(\d+)/.exec(answer);
  return m ? [Number(m[1]), Number(m[2]), Number(m[3])] : undefined;
}

/** CADDY_PROXY_OPTIONS for deploy/Caddyfile on this version (empty when none is needed, or not known). */
export function proxyOptionsFor(answer: string): string {
  const v = caddyVersion(answer);
  if (!v) return '';
  const [major, minor, patch] = v;
  const beforeFix = major < 2 || (major === 2 && (minor < 11 || (minor === 11 && patch < 2)));
  return beforeFix ? 'buffer_requests' : '';
}
