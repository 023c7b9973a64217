import { z } from "zod";

/** The security choices of Settings → E-mail, with the words the form shows. */
export const MAIL_SECURITY = ["starttls", "tls", "none"] as const;
export type MailSecurity = (typeof MAIL_SECURITY)[number];
export const MAIL_SECURITY_LABELS: Record<MailSecurity, string> = {
  starttls: "STARTTLS (usually port 587)",
  tls: "TLS from the start (usually port 465)",
  none: "None (only for a relay on the same network; usually port 25)",
};

const HOST = /^(?=.{1,253}$)[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\.?$|^\[?[0-9a-fA-F:.]+\]?$/;
const ADDRESS = /^[^\s@<>(),;:"]+@[^\s@<>(),;:"]+\.[^\s@<>(),;:"]+$/;

/**
 * Settings → E-mail. Every field is checked, and the ones that only make
 * sense together too: a user name needs a server to sign in to.
 */
export const mailSettingsFormSchema = z
  .object({
    fromName: z
      .string()
      .trim()
      .max(100, { error: "Sender name must be at most 100 characters" })
      .refine((v) => !/[\r\n<>"]/.test(v), { error: "Sender name may not hold line breaks, quotes or angle brackets" })
      .default(""),
    fromAddress: z
      .string()
      .trim()
      .max(254, { error: "Sender address must be at most 254 characters" })
      .refine((v) => v === "" || ADDRESS.test(v), { error: "Sender address must be an e-mail address, e.g. news@example.org" })
      .default(""),
    host: z
      .string()
      .trim()
      .max(253, { error: "Mail server must be at most 253 characters" })
      .refine((v) => v === "" || HOST.test(v), { error: "Mail server must be a host name such as smtp.example.org (no smtp:// and no port)" })
      .default(""),
    port: z
      .string()
      .trim()
      .refine((v) => /^\d{1,5}$/.test(v) && Number(v) >= 1 && Number(v) <= 65535, { error: "Port must be a whole number from 1 to 65535, e.g. 587" })
      .transform(Number),
    security: z.enum(MAIL_SECURITY, { error: "Choose how the connection is secured" }),
    user: z
      .string()
      .trim()
      .max(200, { error: "User name must be at most 200 characters" })
      .refine((v) => !/[\r\n]/.test(v), { error: "User name may not hold line breaks" })
      .default(""),
    /** A new password; left empty, the stored one is kept (unless cleared). */
    password: z.string().max(500, { error: "Password must be at most 500 characters" }).default(""),
    clearPassword: z
      .string()
      .optional()
      .transform((v) => v === "on"),
  })
  .superRefine((v, ctx) => {
    if (v.user && !v.host) ctx.addIssue({ code: "custom", path: ["host"], message: "Mail server is needed when a user name is set (or clear the user name)" });
    if (v.password && !v.user) ctx.addIssue({ code: "custom", path: ["user"], message: "User name is needed with a password" });
    if (v.password && v.clearPassword) ctx.addIssue({ code: "custom", path: ["password"], message: "Either type a new password or clear the stored one, not both" });
  });

export type MailSettingsForm = z.output<typeof mailSettingsFormSchema>;

/** The test e-mail's address: empty sends it to the signed-in admin. */
export const mailTestSchema = z.object({
  testTo: z
    .string()
    .trim()
    .max(254)
    .refine((v) => v === "" || ADDRESS.test(v), { error: "Send to must be an e-mail address, e.g. you@example.org" })
    .default(""),
});
