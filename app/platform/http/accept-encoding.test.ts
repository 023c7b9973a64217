import { describe, expect, it } from "vitest";
import { pickEncoding } from "./accept-encoding";

describe("pickEncoding", () => {
  it("prefers brotli, then gzip, honouring q=0", () => {
    expect(pickEncoding("gzip, deflate, br, zstd")).toBe("br");
    expect(pickEncoding("gzip")).toBe("gzip");
    expect(pickEncoding("br;q=0, gzip")).toBe("gzip");
    expect(pickEncoding("GZIP;Q=0.5")).toBe("gzip");
    expect(pickEncoding(null)).toBe("identity");
    expect(pickEncoding("identity")).toBe("identity");
  });

  it("reads * as every encoding not named", () => {
    expect(pickEncoding("*")).toBe("br");
    expect(pickEncoding("br;q=0, *")).toBe("gzip");
    expect(pickEncoding("*;q=0")).toBe("identity");
    expect(pickEncoding("gzip, *;q=0")).toBe("gzip");
  });
});
