import { createElement, Fragment } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub, Meta, type MetaFunction } from "react-router";

/**
 * The tags a route's `meta` puts in the page's <head>, as React Router's
 * <Meta /> writes them into the HTML a visitor (or a search engine) gets:
 * for tests of titles, robots and structured data without a server.
 */
export function renderHead(meta: (args: never) => unknown, loaderData: unknown, path = "/"): string {
  const Stub = createRoutesStub([
    {
      id: "root",
      Component: () => createElement(Meta),
      children: [{ id: "page", path: "*", meta: meta as MetaFunction, Component: () => createElement(Fragment) }],
    },
  ]);
  return renderToStaticMarkup(createElement(Stub, { initialEntries: [path], hydrationData: { loaderData: { page: loaderData } } }));
}

/** The JSON-LD a page's head carries, parsed (throws if it is not valid JSON). */
export function structuredDataOf(head: string): unknown[] {
  return [...head.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!) as unknown);
}
