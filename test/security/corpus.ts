/**
 * The hostile-input corpus: strings an attacker (or a broken client) sends.
 * Sources: OWASP's XSS filter evasion and SQL injection prevention cheat
 * sheets, the File Upload cheat sheet, and Unicode security notes (TR #36).
 */

/** Script injection in every context the site renders text in: HTML, attributes, URLs, JSON in <script>, Markdown. */
export const XSS = [
  "<script>alert(1)</script>",
  '"><img src=x onerror=alert(1)>',
  "'><svg onload=alert(1)>",
  "</script><script>alert(1)</script>",
  "</textarea><script>alert(1)</script>",
  "<iframe srcdoc=\"<script>alert(1)</script>\"></iframe>",
  "<a href=\"javascript:alert(1)\">click</a>",
  "[click](javascript:alert(1))",
  "![x](x\" onerror=\"alert(1))",
  "<style>body{background:url(https://evil.example/x)}</style>",
  "{{constructor.constructor('alert(1)')()}}",
  "<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>",
] as const;

/** SQL injection for both engines (SQLite and PostgreSQL). */
export const SQLI = [
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  "\" OR \"\"=\"",
  "1; SELECT pg_sleep(5); --",
  "' UNION SELECT id, password FROM accounts --",
  "admin'--",
  "%' OR 1=1 --",
  "1' AND (SELECT COUNT(*) FROM sqlite_master) > 0 --",
] as const;

/** Path traversal, as ids and as file names. */
export const TRAVERSAL = ["../../secrets.json", "..\\..\\secrets.json", "%2e%2e%2fsecrets.json", "/etc/passwd", "....//....//etc/passwd", "uploads/../../site.db"] as const;

/** Unicode that fools people or programs: bidi override, zero-width, NUL, combining marks, look-alikes, emoji. */
export const ODD_UNICODE = [
  "\u202Egnp.exe",
  "a\u200Bd\u200Dm\uFEFFin",
  "nul\u0000byte",
  "Z\u0335\u0321\u0349a\u0336l\u0335g\u0337o",
  "\uFF1Cscript\uFF1Ealert(1)\uFF1C/script\uFF1E",
  "\u{1F469}\u200D\u{1F469}\u200D\u{1F467}\u200D\u{1F466}",
] as const;

/** Every hostile string, for fields that must refuse anything that is not a well-formed value. */
export const ALL_HOSTILE = [...XSS, ...SQLI, ...TRAVERSAL, ...ODD_UNICODE] as const;

/** Longer than any field the site accepts (the longest is page content, 50,000 characters). */
export const OVER_LONG = "a".repeat(60_000);
