/** The 404 and render-error pages. */
export function ErrorPage({ notFound }: { notFound: boolean }) {
  const heading = notFound ? "Oops! Page not found" : "Unexpected Application Error!";
  return (
    <div className="mx-auto flex min-h-[50vh] max-w-2xl flex-col items-center justify-center gap-6 px-4 py-16 text-center">
      <title>{notFound ? "Page not found" : "Something went wrong"}</title>
      <meta name="robots" content="noindex" />
      <h1 className="text-3xl font-bold">{heading}</h1>
      <p className="text-muted-foreground">
        {notFound
          ? "The page you were looking for does not exist or has moved."
          : "Something went wrong on our side. Please try again in a moment."}
      </p>
      <a href="/" className="inline-flex min-h-11 items-center rounded-md bg-primary px-5 font-semibold text-primary-foreground">
        Return to Home
      </a>
    </div>
  );
}
