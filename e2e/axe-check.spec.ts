import { expect, test } from "@playwright/test";
import { expectAccessible } from "./helpers";

// The accessibility check every other spec leans on must itself fail on a
// broken page, both on its own path (no frames) and through AxeBuilder (frames).
test.describe("the accessibility check", () => {
  const failure = (page: Parameters<typeof expectAccessible>[0]) => expectAccessible(page, "after breaking it").then(() => "", (e: Error) => e.message);

  test("reports an image without alt text and a button without a name", async ({ page }) => {
    await page.goto("/about");
    await expectAccessible(page, "as served");
    await page.evaluate(() => {
      const main = document.querySelector("main")!;
      const img = document.createElement("img");
      img.src = "/favicon.svg";
      main.append(img, document.createElement("button"));
    });
    const message = await failure(page);
    expect(message).toContain("image-alt (critical)");
    expect(message).toContain("button-name (critical)");
  });

  test("reports a violation inside a frame", async ({ page }) => {
    await page.goto("/about");
    await page.evaluate(async () => {
      const frame = document.createElement("iframe");
      frame.title = "A test frame";
      frame.srcdoc = '<!doctype html><html lang="en"><title>Frame</title><main><button></button></main></html>';
      const loaded = new Promise((resolve) => frame.addEventListener("load", resolve));
      document.querySelector("main")!.append(frame);
      await loaded;
    });
    expect(page.frames()).toHaveLength(2);
    expect(await failure(page)).toContain("button-name (critical)");
  });
});
