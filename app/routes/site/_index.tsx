import type { Route } from "./+types/_index";

export function meta(_: Route.MetaArgs) {
  return [{ title: "Empowering Our Community" }];
}

export default function Home() {
  return (
    <section className="mx-auto max-w-7xl px-4 py-16">
      <h1 className="text-4xl font-bold">Empowering Our Community</h1>
      <p className="mt-4 max-w-2xl text-lg text-muted-foreground">
        Improving lives through Culture, Youth Work, Sport, Art and Education.
      </p>
    </section>
  );
}
