import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * docs/deploy.md shows the files operators install (deploy/nginx,
 * deploy/systemd) in full. Each copy there follows a marker naming its file
 * and must be that file exactly, so the page never shows a configuration
 * other than the one the proxy suite runs.
 */

const root = path.resolve(import.meta.dirname, "..");
const page = fs.readFileSync(path.join(root, "docs/deploy.md"), "utf8");
const shown = [...page.matchAll(/<!-- file: (\S+) -->\n```[a-z]*\n([\s\S]*?)\n```/g)].map(([, file, text]) => ({ file: file!, text: text! }));
const deployed = ["deploy/nginx", "deploy/systemd"].flatMap((dir) => fs.readdirSync(path.join(root, dir)).map((name) => `${dir}/${name}`)).sort();

describe("docs/deploy.md", () => {
  it("shows every file in deploy/ once", () => {
    expect(shown.map((s) => s.file).sort()).toEqual(deployed);
  });

  it.each(deployed)("shows %s as it is", (file) => {
    const copy = shown.find((s) => s.file === file);
    expect(copy?.text).toBe(fs.readFileSync(path.join(root, file), "utf8").replace(/\n+$/, ""));
  });
});
