export type ThemeChoice = "light" | "dark";

export const THEME_COOKIE = "theme";

/** Reads the visitor's stored theme choice; null means "follow the system". */
export function readThemeChoice(cookieHeader: string | null): ThemeChoice | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(";")) {
    const [name, value] = part.trim().split("=");
    if (name === THEME_COOKIE && (value === "light" || value === "dark")) return value;
  }
  return null;
}

export function themeCookie(choice: ThemeChoice, secure: boolean): string {
  return `${THEME_COOKIE}=${choice}; Path=/; Max-Age=31536000; SameSite=Lax${secure ? "; Secure" : ""}`;
}
