import http from "node:http";

/** An answer and how long its head took to arrive, from the first byte sent. */
export interface TimedAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  ms: number;
}

/**
 * One request over a connection of its own, for tests that time the server
 * or send bodies fetch cannot: `body` is sent whole (with its length) or, as
 * an array, piece by piece without a declared length. The connection is
 * kept alive, as a browser's is, so a server that answers before the body
 * has all arrived reads and drops the rest rather than closing on a client
 * still sending (which would lose the answer).
 */
export function timedRequest(
  baseUrl: string,
  method: string,
  path: string,
  options: { headers?: Record<string, string>; body?: Buffer | string | Buffer[] } = {},
): Promise<TimedAnswer> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const agent = new http.Agent({ keepAlive: true });
    const request = http.request(`${baseUrl}${path}`, { method, agent, headers: options.headers }, (response) => {
      const ms = performance.now() - started;
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (text += chunk));
      response.on("end", () => {
        agent.destroy();
        resolve({ status: response.statusCode!, headers: response.headers, body: text, ms });
      });
    });
    request.on("error", (error) => {
      agent.destroy();
      reject(error);
    });
    const { body } = options;
    if (!Array.isArray(body)) return void request.end(body);
    const write = (i: number): void => {
      if (i === body.length) return void request.end();
      if (request.write(body[i]!)) write(i + 1);
      else request.once("drain", () => write(i + 1));
    };
    write(0);
  });
}
