import { Link } from "react-router";
import type { SentencePart } from "../audit-sentences";

/** A sentence of the audit log, its record's name a link while the record exists. */
export function AuditSentence({ parts }: { parts: readonly SentencePart[] }) {
  return (
    <>
      {parts.map((part, i) =>
        typeof part === "string" ? (
          <span key={i}>{part}</span>
        ) : (
          <Link key={i} to={part.href} className="font-medium text-primary underline underline-offset-4">
            {part.text}
          </Link>
        ),
      )}
    </>
  );
}
