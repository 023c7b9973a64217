import { spawn, type ChildProcess } from "node:child_process";
import http from "node:http";
import { buildDir, freePort, root } from "../site-process";

/**
 * Helpers for tests that run the production build as several processes
 * behind one address, as a reverse proxy would put them.
 */

export interface SiteProcess {
  name: string;
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/** Starts `node server.js` on a free loopback port and waits for /healthz. */
export async function startSite(name: string, env: Record<string, string | undefined>): Promise<SiteProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ["server.js"], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: "warn", NODE_ENV: "production", ...env, PORT: String(port), HOST: "127.0.0.1", BUILD_DIR: buildDir },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once("exit", () => resolve());
      child.kill("SIGTERM");
      setTimeout(() => child.kill("SIGKILL"), 10_000).unref();
    });
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`site ${name} exited with ${child.exitCode} while starting`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) return { name, url, child, stop };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  await stop();
  throw new Error(`site ${name} did not start`);
}

export interface Proxy {
  url: string;
  /** Which backend served each request, in order. */
  served: string[];
  setBackends(backends: SiteProcess[]): void;
  close(): Promise<void>;
}

/**
 * A tiny round-robin reverse proxy: each request goes to the next backend,
 * with X-Forwarded-For appended as nginx does; the response says which
 * backend answered (X-Backend), so tests can see both were used.
 */
export async function startProxy(port: number): Promise<Proxy> {
  let backends: SiteProcess[] = [];
  let next = 0;
  const served: string[] = [];
  const agent = new http.Agent({ keepAlive: true, maxSockets: 512 });
  const server = http.createServer((req, res) => {
    const backend = backends[next++ % backends.length];
    if (!backend) {
      res.writeHead(502).end("no backend");
      return;
    }
    served.push(backend.name);
    const target = new URL(backend.url);
    const forwardedFor = [req.headers["x-forwarded-for"], req.socket.remoteAddress].filter(Boolean).join(", ");
    const upstream = http.request(
      {
        host: target.hostname,
        port: target.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, "x-forwarded-for": forwardedFor, "x-forwarded-proto": "http" },
        agent,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, { ...answer.headers, "x-backend": backend.name });
        answer.pipe(res);
      },
    );
    upstream.on("error", () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    served,
    setBackends(list) {
      backends = list;
    },
    close: () =>
      new Promise<void>((resolve) => {
        agent.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The Cookie header a browser would send back after these responses. */
export function cookieJar(): { cookie: () => string; take: (response: Response) => void } {
  const jar = new Map<string, string>();
  return {
    cookie: () => [...jar.values()].join("; "),
    take(response) {
      for (const set of response.headers.getSetCookie()) {
        const pair = set.split(";")[0]!;
        const name = pair.slice(0, pair.indexOf("="));
        if (pair.endsWith("=") || /max-age=0/i.test(set)) jar.delete(name);
        else jar.set(name, pair);
      }
    },
  };
}
