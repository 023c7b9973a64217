import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream, renderToString } from "react-dom/server";
import { ServerRouter, type AppLoadContext, type EntryContext } from "react-router";
import { logger } from "#app/platform/log/logger.server";
import { NonceContext } from "#app/platform/render/nonce";
import { SiteChromeContext } from "#app/features/site/site-chrome";
import { pageHydrates, trimInlineStylesheet, withInlineStylesheet } from "#app/platform/render/inline-css.server";
import { PUBLIC_PAGE_HEADERS } from "#app/platform/http/security-headers.server";

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext?.nonce;
  // A public page (not hydrated, decision 010) has nothing to stream later
  // and the server sends it in one piece anyway (server/http.ts), so it is
  // rendered to one string: no stream, no chunks to gather again. Its
  // routes use no Suspense, so nothing waits for data that is not there.
  if (!pageHydrates(routerContext)) {
    const html = renderToString(
      <NonceContext.Provider value={nonce}>
        {/* The public layout's header and footer, already HTML (app/features/site/site-chrome.server.tsx). */}
        <SiteChromeContext.Provider value={loadContext?.siteChrome}>
          <ServerRouter context={withInlineStylesheet(routerContext)} url={request.url} nonce={nonce} />
        </SiteChromeContext.Provider>
      </NonceContext.Provider>,
    );
    responseHeaders.set("Content-Type", "text/html; charset=utf-8");
    for (const [name, value] of Object.entries(PUBLIC_PAGE_HEADERS)) responseHeaders.set(name, value);
    return Promise.resolve(new Response(`<!DOCTYPE html>${trimInlineStylesheet(html)}`, { headers: responseHeaders, status: responseStatusCode }));
  }
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Crawlers and SPA-mode get the whole document at once; people get it streamed.
    const readyOption = (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";

    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        {/* Public pages get the stylesheet inline instead of linked (app/platform/render/inline-css.server.ts). */}
        <ServerRouter context={withInlineStylesheet(routerContext)} url={request.url} nonce={nonce} />
      </NonceContext.Provider>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough();
          const stream = createReadableStreamFromReadable(body);
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) logger.error({ err: error, url: request.url }, "render error");
        },
      },
    );
    setTimeout(abort, streamTimeout + 1000);
  });
}

/**
 * Errors in loaders and actions go to the structured log (one JSON line with
 * the request id) instead of React Router's default console.error. Only the
 * message and path are logged: never the request body, which may hold
 * personal data. Aborted requests (the visitor left) are not errors.
 */
export function handleError(error: unknown, { request, context }: { request: Request; context?: AppLoadContext }) {
  if (request.signal.aborted) return;
  const status = (error as { status?: unknown })?.status;
  logger.error(
    {
      requestId: (context as { requestId?: string } | undefined)?.requestId,
      method: request.method,
      path: new URL(request.url).pathname,
      status: typeof status === "number" ? status : undefined,
      err: error instanceof Error ? error.message : String(error).slice(0, 500),
    },
    "request failed",
  );
}
