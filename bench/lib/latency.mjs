// node bench/lib/latency.mjs <url> <connections> <seconds> [name:value …] [--random=<share>] [--tags=utm|links]
//
// A lean closed-loop HTTP/1.1 load generator for latency at many
// connections: each connection keeps one GET in flight on a keep-alive
// socket, and every response's time from write to last byte is recorded.
// Prints one JSON line (requests, rps, mean, p50, p90, p99, max in ms).
//
// --random=<share> sends that share of the requests (0 to 1) with a query
// string no request has had before, as links shared on Facebook or sent in
// a newsletter carry: `?utm_source=<random>` with --tags=utm (the default),
// or with --tags=links a mix of what such links carry (utm_*, fbclid,
// gclid, mc_*, ref and a parameter of a name nobody knows). With --random
// (--random=0 included) every request is built as it is sent, the plain
// ones too, so that a run with tags and one without cost this generator
// the same and differ only in what the server does.
//
// Why not autocannon or wrk for this case: at 200 connections autocannon is
// itself the limit on one core (~5,300 requests/s against our ~11,000), so
// its latencies are its own queue; wrk reports latencies for a Node server
// that break Little's law (mean 65 ms where 200 connections at 11,600
// requests/s allow 17 ms). This one writes a prebuilt request and reads
// Content-Length framed answers only, so it keeps up with nginx (~30,000
// requests/s on one core), and its mean is checked against
// connections ÷ throughput before anything is reported.
import net from "node:net";

const [target, connectionsArg = "200", secondsArg = "10", ...rest] = process.argv.slice(2);
const options = Object.fromEntries(rest.filter((a) => a.startsWith("--")).map((a) => a.slice(2).split("=")));
const headerArgs = rest.filter((a) => !a.startsWith("--"));
const url = new URL(target);
const CONNECTIONS = Number(connectionsArg);
const WARM_UP_MS = 1000;
const MEASURE_MS = Number(secondsArg) * 1000;
const RANDOM_SHARE = Number(options.random ?? 0);
const headerLines = headerArgs.map((h) => {
  const at = h.indexOf(":");
  return `${h.slice(0, at)}: ${h.slice(at + 1)}\r\n`;
});
const requestTo = (pathAndQuery) => Buffer.from(`GET ${pathAndQuery} HTTP/1.1\r\nHost: ${url.host}\r\n${headerLines.join("")}\r\n`, "latin1");
const request = requestTo(`${url.pathname}${url.search}`);

let unique = 0;
const fresh = () => `${(++unique).toString(36)}${Math.random().toString(36).slice(2, 10)}`;
/** What links shared on Facebook, sent in newsletters or clicked in ads add to an address. */
const LINK_TAGS = [
  () => `utm_source=${fresh()}`,
  () => `fbclid=IwAR${fresh()}`,
  () => `utm_source=newsletter&utm_medium=email&utm_campaign=${fresh()}`,
  () => `gclid=${fresh()}`,
  () => `mc_cid=${fresh()}&mc_eid=${fresh()}`,
  () => `ref=${fresh()}`,
  () => `${fresh()}=${fresh()}`,
];
const tags = options.tags === "links" ? LINK_TAGS : [LINK_TAGS[0]];
/** The next request: the plain one, or (RANDOM_SHARE of the time) one with a query string never sent before. */
const nextRequest =
  options.random === undefined
    ? () => request
    : () => requestTo(Math.random() < RANDOM_SHARE ? `${url.pathname}?${tags[unique % tags.length]()}` : `${url.pathname}${url.search}`);
const HEADER_END = Buffer.from("\r\n\r\n");

const latencies = [];
let measuring = false;
let stopped = false;
let failures = 0;
let measuredFrom = 0;

function fail(reason) {
  failures++;
  if (failures === 1) process.stderr.write(`latency: ${reason}\n`);
}

function open() {
  const socket = net.connect(Number(url.port || 80), url.hostname);
  socket.setNoDelay(true);
  let pending = null;
  let bodyLength = -1;
  let headerLength = 0;
  let sentAt = 0;
  const send = () => {
    if (stopped) return socket.destroy();
    const next = nextRequest();
    sentAt = performance.now();
    socket.write(next);
  };
  socket.on("connect", send);
  socket.on("data", (chunk) => {
    pending = pending ? Buffer.concat([pending, chunk]) : chunk;
    if (bodyLength < 0) {
      const end = pending.indexOf(HEADER_END);
      if (end < 0) return;
      const head = pending.subarray(0, end).toString("latin1");
      if (!/^HTTP\/1\.1 2\d\d /.test(head)) fail(head.split("\r\n")[0]);
      const length = /\r\ncontent-length: *(\d+)/i.exec(head);
      if (!length) {
        fail("an answer without Content-Length");
        return socket.destroy();
      }
      headerLength = end + HEADER_END.length;
      bodyLength = Number(length[1]);
    }
    if (pending.length < headerLength + bodyLength) return;
    if (pending.length > headerLength + bodyLength) fail("more bytes than one answer");
    if (measuring) latencies.push(performance.now() - sentAt);
    pending = null;
    bodyLength = -1;
    send();
  });
  socket.on("error", (e) => fail(e.message));
  socket.on("close", () => {
    if (!stopped) open();
  });
}

for (let i = 0; i < CONNECTIONS; i++) open();
setTimeout(() => {
  measuring = true;
  measuredFrom = performance.now();
}, WARM_UP_MS);
setTimeout(() => {
  stopped = true;
  const seconds = (performance.now() - measuredFrom) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q) => Number(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))].toFixed(2));
  const mean = latencies.reduce((a, b) => a + b, 0) / latencies.length;
  const rps = latencies.length / seconds;
  // Little's law: with every connection always waiting, mean latency ≈ connections ÷ throughput.
  const expectedMean = (CONNECTIONS / rps) * 1000;
  const consistent = Math.abs(mean - expectedMean) <= 0.1 * expectedMean + 0.5;
  process.stdout.write(
    `${JSON.stringify({ requests: latencies.length, rps, mean: Number(mean.toFixed(2)), p50: at(0.5), p90: at(0.9), p99: at(0.99), max: at(1), expectedMean: Number(expectedMean.toFixed(2)), consistent, failures })}\n`,
  );
  process.exit(0);
}, WARM_UP_MS + MEASURE_MS);
