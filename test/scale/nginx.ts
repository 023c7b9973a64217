import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { root } from "../site-process";

/**
 * Debian's nginx in front of site processes, configured with the
 * repository's own files in deploy/nginx/: upstream.conf and site.conf are
 * linked in unchanged; backends.conf is the repository's with its example
 * ports (3001, 3002) replaced by the test's, so its max_fails/fail_timeout
 * are the ones tested. Only what a test needs on top (a loopback address,
 * paths inside a temp folder, a header naming the upstream) is in the
 * wrapper written here.
 */

export const NGINX_BIN = process.env.NGINX_BIN ?? "/usr/sbin/nginx";
export const DEPLOY_NGINX = path.join(root, "deploy/nginx");

export interface Nginx {
  url: string;
  /** nginx's access log so far: "<method> <uri> <status> <upstream addresses> <upstream statuses>" a line. */
  accessLog(): string;
  stop(): Promise<void>;
}

/** The temp-path directives this build of nginx knows (a module built without is an unknown directive). */
function tempPathDirectives(prefix: string): string[] {
  // nginx -V prints its configure arguments on stderr.
  const { stdout, stderr } = spawnSync(NGINX_BIN, ["-V"], { encoding: "utf8" });
  const configure = `${stdout}${stderr}`;
  return [
    `client_body_temp_path ${prefix}/client_body;`,
    `proxy_temp_path ${prefix}/proxy;`,
    ...["fastcgi", "uwsgi", "scgi"].filter((m) => !configure.includes(`--without-http_${m}_module`)).map((m) => `${m}_temp_path ${prefix}/${m};`),
  ];
}

/** Starts nginx on `port` (loopback) in front of the given backend ports; resolves once it answers /healthz. */
export async function startNginx(port: number, backendPorts: [number, number]): Promise<Nginx> {
  const prefix = fs.mkdtempSync(path.join(os.tmpdir(), "nginx-site-"));
  const conf = path.join(prefix, "conf");
  const included = path.join(conf, "charity-site");
  fs.mkdirSync(included, { recursive: true });
  for (const file of ["upstream.conf", "site.conf"]) fs.symlinkSync(path.join(DEPLOY_NGINX, file), path.join(included, file));
  const backends = fs.readFileSync(path.join(DEPLOY_NGINX, "backends.conf"), "utf8");
  const ours = backends.replace("127.0.0.1:3001 ", `127.0.0.1:${backendPorts[0]} `).replace("127.0.0.1:3002 ", `127.0.0.1:${backendPorts[1]} `);
  if (ours.split(`127.0.0.1:${backendPorts[0]} `).length !== 2 || ours.split(`127.0.0.1:${backendPorts[1]} `).length !== 2) {
    throw new Error("deploy/nginx/backends.conf no longer lists 127.0.0.1:3001 and 127.0.0.1:3002; update startNginx");
  }
  fs.writeFileSync(path.join(included, "backends.conf"), ours);
  const accessLog = path.join(prefix, "access.log");
  fs.writeFileSync(
    path.join(conf, "nginx.conf"),
    [
      "daemon off;",
      // One worker: round robin is per worker, so requests then alternate strictly.
      "worker_processes 1;",
      // As root (CI), workers would otherwise run as nobody and could not use the temp folder.
      ...(process.getuid?.() === 0 ? ["user root;"] : []),
      `pid ${prefix}/nginx.pid;`,
      `error_log ${prefix}/error.log warn;`,
      "events { worker_connections 512; }",
      "http {",
      ...tempPathDirectives(prefix),
      "  log_format upstreams '$request_method $request_uri $status $upstream_addr $upstream_status';",
      `  access_log ${accessLog} upstreams;`,
      "  include charity-site/upstream.conf;",
      "  server {",
      `    listen 127.0.0.1:${port};`,
      // Tests only: which process answered (visitors of a real site are not told).
      "    add_header X-Upstream $upstream_addr always;",
      "    include charity-site/site.conf;",
      "  }",
      "}",
      "",
    ].join("\n"),
  );
  const child: ChildProcess = spawn(NGINX_BIN, ["-p", prefix, "-c", path.join(conf, "nginx.conf"), "-e", path.join(prefix, "error.log")], { stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  child.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  const stop = () =>
    new Promise<void>((resolve) => {
      const done = () => {
        fs.rmSync(prefix, { recursive: true, force: true });
        resolve();
      };
      if (child.exitCode !== null || child.signalCode !== null) return done();
      child.once("exit", done);
      // SIGTERM: fast shutdown; the test is over, so nothing waits for keep-alive clients.
      child.kill("SIGTERM");
    });
  for (let i = 0; i < 100; i++) {
    if (child.exitCode !== null) {
      const log = fs.existsSync(path.join(prefix, "error.log")) ? fs.readFileSync(path.join(prefix, "error.log"), "utf8") : "";
      throw new Error(`nginx exited with ${child.exitCode}: ${stderr}${log}`);
    }
    try {
      if ((await fetch(`${url}/healthz`)).ok) {
        return { url, stop, accessLog: () => (fs.existsSync(accessLog) ? fs.readFileSync(accessLog, "utf8") : "") };
      }
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  await stop();
  throw new Error(`nginx did not answer on ${url}: ${stderr}`);
}

/**
 * `nginx -t` on the production file, charity-site.conf, with the shared
 * parts beside it as an operator installs them. Its certificate paths are
 * pointed at a throwaway self-signed pair (openssl), as nginx loads them
 * to check; nothing else in it is changed. Returns nginx's verdict.
 */
export function checkProductionConfig(): { ok: boolean; output: string } {
  const prefix = fs.mkdtempSync(path.join(os.tmpdir(), "nginx-check-"));
  try {
    const conf = path.join(prefix, "conf");
    const included = path.join(conf, "charity-site");
    fs.mkdirSync(included, { recursive: true });
    for (const file of ["upstream.conf", "site.conf", "backends.conf"]) fs.symlinkSync(path.join(DEPLOY_NGINX, file), path.join(included, file));
    const [cert, key] = [path.join(prefix, "cert.pem"), path.join(prefix, "key.pem")];
    const made = spawnSync("openssl", ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=www.example.org", "-keyout", key, "-out", cert], { encoding: "utf8" });
    if (made.status !== 0) throw new Error(`openssl could not make a certificate: ${made.stderr}`);
    const production = fs.readFileSync(path.join(DEPLOY_NGINX, "charity-site.conf"), "utf8");
    const withCert = production.replace(/ssl_certificate \S+;/, `ssl_certificate ${cert};`).replace(/ssl_certificate_key \S+;/, `ssl_certificate_key ${key};`);
    if (withCert === production) throw new Error("charity-site.conf has no ssl_certificate lines to point at a test certificate");
    fs.writeFileSync(path.join(included, "charity-site.conf"), withCert);
    fs.writeFileSync(
      path.join(conf, "nginx.conf"),
      [`pid ${prefix}/nginx.pid;`, "events {}", "http {", ...tempPathDirectives(prefix), "  include charity-site/charity-site.conf;", "}", ""].join("\n"),
    );
    const checked = spawnSync(NGINX_BIN, ["-t", "-p", prefix, "-c", path.join(conf, "nginx.conf"), "-e", path.join(prefix, "error.log")], { encoding: "utf8" });
    return { ok: checked.status === 0, output: `${checked.stdout}${checked.stderr}` };
  } finally {
    fs.rmSync(prefix, { recursive: true, force: true });
  }
}
