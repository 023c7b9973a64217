import type { ReactNode } from "react";
import { Card, CardContent } from "./card";
import { cn } from "./utils";

/**
 * A record screen's add/edit form in a card beside its list: the form on
 * the right from 1024 px (narrow, or `wide` for a longer form), above the
 * list on a phone, so adding is the first thing within reach.
 */
export function FormBesideList({ form, children, wide = false, listClassName = "gap-8" }: { form: ReactNode; children: ReactNode; wide?: boolean; listClassName?: string }) {
  return (
    <div className={cn("grid gap-6", wide ? "lg:grid-cols-[1fr_26rem]" : "lg:grid-cols-[1fr_24rem]")}>
      <Card className="lg:order-2 lg:self-start">
        <CardContent className="pt-6">{form}</CardContent>
      </Card>
      <div className={cn("grid min-w-0 content-start lg:order-1", listClassName)}>{children}</div>
    </div>
  );
}
