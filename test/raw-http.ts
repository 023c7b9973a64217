import net from "node:net";

/** An HTTP answer as it came off the socket: nothing decoded, every header in order. */
export interface RawResponse {
  status: number;
  headers: [string, string][];
  body: Buffer;
  /** The first header of that name (lower case), if any. */
  get(name: string): string | undefined;
}

/**
 * Sends exactly `head` (the request line and headers, without the blank
 * line) and `Connection: close`, and reads the whole answer. For what fetch
 * cannot do: send duplicate headers or an odd target as written, or see the
 * compressed bytes.
 */
export function rawRequest(port: number, head: string): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1", () => socket.write(`${head}\r\nConnection: close\r\n\r\n`));
    const chunks: Buffer[] = [];
    socket.on("data", (c) => chunks.push(c));
    socket.on("error", reject);
    socket.on("end", () => {
      const all = Buffer.concat(chunks);
      const split = all.indexOf("\r\n\r\n");
      const [statusLine, ...lines] = all.subarray(0, split).toString("latin1").split("\r\n");
      const headers = lines.map((l): [string, string] => [l.slice(0, l.indexOf(":")), l.slice(l.indexOf(":") + 1).trim()]);
      resolve({
        status: Number(statusLine!.split(" ")[1]),
        headers,
        body: all.subarray(split + 4),
        get: (name) => headers.find(([n]) => n.toLowerCase() === name)?.[1],
      });
    });
  });
}
