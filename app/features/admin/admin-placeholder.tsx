import { Construction } from "lucide-react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#app/components/ui/card";

/** A tab whose feature is still being built: says what it will hold, shows no made-up data. */
export function AdminPlaceholder({ heading, lead, body }: { heading: string; lead: string; body: string }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{heading}</CardTitle>
        <CardDescription>{lead}</CardDescription>
      </CardHeader>
      <CardContent>
        <p className="flex items-start gap-3 text-sm">
          <Construction className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
          <span>{body}</span>
        </p>
      </CardContent>
    </Card>
  );
}
