import { describe, expect, it } from "vitest";
import { ownerHost, ownerState, THIS_PROCESS } from "./process-identity.server";

describe("process owners", () => {
  it("names a host by its name when short and plain, and keeps long names that differ only at the end apart", () => {
    expect(ownerHost("web-1.internal")).toBe("web-1.internal");
    const first = ownerHost("halifax-community-charity-website-prod-node-01");
    const second = ownerHost("halifax-community-charity-website-prod-node-02");
    expect(first).not.toBe(second);
    for (const name of [first, second, ownerHost("web_1"), ownerHost("")]) expect(name).toMatch(/^[A-Za-z0-9.-]{1,40}$/);
    expect(ownerHost("web_1")).not.toBe(ownerHost("web-1"));
  });

  it("can only tell about processes of its own host and pid namespace", () => {
    expect(ownerState(THIS_PROCESS)).toBe("running");
    expect(ownerState({ ...THIS_PROCESS, start: THIS_PROCESS.start - 1 })).toBe("stopped");
    expect(ownerState({ ...THIS_PROCESS, host: ownerHost(`${THIS_PROCESS.host}-other`) })).toBe("unknown");
    expect(ownerState({ ...THIS_PROCESS, namespace: `${THIS_PROCESS.namespace}9` })).toBe("unknown");
  });
});
