import { Alert, AlertDescription, AlertTitle } from "#app/components/ui/alert";

/** Says, in the words an Admin passes on to whoever runs the server, that links in e-mails go nowhere. */
export function PublicUrlWarning({ address }: { address: string | null }) {
  if (!address) return null;
  return (
    <Alert variant="destructive" role="status" className="mb-4">
      <AlertTitle>The site does not know its public address</AlertTitle>
      <AlertDescription>
        Links in e-mails will point at {address}, which only works on the server itself. Set PUBLIC_URL to the site&rsquo;s public address (for example
        https://www.example.org) where the site is installed, then restart it.
      </AlertDescription>
    </Alert>
  );
}
