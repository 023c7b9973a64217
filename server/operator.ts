import path from "node:path";
import { env, loadSecrets } from "#app/platform/env.server";
import { createOrResetAdmin, getAuth } from "#app/features/accounts/auth.server";
import { closeDatabase, getDatabase } from "#app/platform/db/db.server";
import { createStorage, getStorage, s3ConfigFromEnv } from "#app/platform/storage/storage.server";
import { getTus } from "#app/features/media/tus.server";
import { defaultBackupPath } from "#app/features/backup/backup-archive.server";
import { createBackup } from "#app/features/backup/backup-create.server";
import { RestoreError, restoreBackup } from "#app/features/backup/backup-restore.server";
import { cleanUp } from "#app/features/housekeeping/cleanup.server";
import { MoveError, moveSite, type MoveResult } from "#app/features/move/move.server";
import { wireFeaturesIntoPlatform } from "./wiring";

/** Commands for whoever runs the site (npm run db:migrate, admin:create). */
export async function runCli(argv: string[]): Promise<number> {
  wireFeaturesIntoPlatform();
  const [command] = argv;
  try {
    if (command === "migrate") {
      const config = env();
      loadSecrets(config.DATA_DIR);
      await getDatabase();
      console.log("Database is up to date.");
      return 0;
    }
    if (command === "admin:create") return await adminCreate(argv.slice(1));
    if (command === "backup") return await backupCommand(argv.slice(1));
    if (command === "restore") return await restoreCommand(argv.slice(1));
    if (command === "cleanup") return await cleanupCommand(argv.slice(1));
    if (command === "move") return await moveCommand(argv.slice(1));
    console.error(`Unknown command: ${command ?? "(none)"}`);
    return 2;
  } finally {
    await closeDatabase();
  }
}

/**
 * npm run admin:create -- --email E --password P
 * Creates an admin, or gives an existing account a new password and the
 * admin role. Without --password the password is read from standard input,
 * so it need not appear in the shell history or the process list.
 */
async function adminCreate(args: string[]): Promise<number> {
  const option = (name: string) => {
    const i = args.indexOf(`--${name}`);
    return i >= 0 ? args[i + 1] : args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
  };
  const email = option("email");
  let password = option("password");
  if (!password && !process.stdin.isTTY) {
    const chunks: Buffer[] = [];
    for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
    password = Buffer.concat(chunks).toString("utf8").replace(/\r?\n$/, "");
  }
  if (!email || !password) {
    console.error(
      "Usage: npm run admin:create -- --email you@example.org --password 'a long passphrase' [--reset-two-factor]\n   or: echo 'a long passphrase' | npm run admin:create -- --email you@example.org",
    );
    return 2;
  }
  const config = env();
  loadSecrets(config.DATA_DIR);
  const result = await createOrResetAdmin(await getAuth(), { email, password, resetTwoFactor: args.includes("--reset-two-factor") });
  if (!result.ok) {
    console.error(result.message);
    return 1;
  }
  console.log(
    result.created
      ? `Created admin ${result.user.email}. Sign in at ${config.PUBLIC_URL}/login.`
      : `Set a new password for ${result.user.email}, who is now an admin; their earlier sessions have ended.${args.includes("--reset-two-factor") ? " Two-factor sign-in is off for them until they set it up again." : ""}`,
  );
  return 0;
}

function optionOf(args: string[], name: string): string | undefined {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
}

/** npm run backup [-- --out FILE]: one archive of the database, the stored files and the secrets. */
async function backupCommand(args: string[]): Promise<number> {
  const config = env();
  // No loadSecrets here: it would make a new secret in DATA_DIR when run without the site's AUTH_SECRET.
  const out = path.resolve(optionOf(args, "out") ?? defaultBackupPath(config.DATA_DIR));
  const manifest = await createBackup({ database: await getDatabase(), storage: getStorage(), dataDir: config.DATA_DIR, out });
  const rows = Object.values(manifest.tables).reduce((a, b) => a + b, 0);
  console.log(`Wrote ${out}: ${rows} rows in ${Object.keys(manifest.tables).length} tables (${manifest.method}), ${manifest.files} files, secrets ${manifest.secrets}.`);
  if (manifest.secrets === "none") console.log("Warning: AUTH_SECRET is not set and DATA_DIR has no secrets.json, so this archive holds no secret. Run backups with the site's own settings.");
  if (manifest.vanished.length) console.log(`${manifest.vanished.length} files were deleted while the backup ran and are not in it.`);
  return 0;
}

/** npm run restore <archive> [-- --force]: into DATA_DIR (and DATABASE_URL, S3_* when set). Stop the site first. */
async function restoreCommand(args: string[]): Promise<number> {
  const archive = args.find((a) => !a.startsWith("--"));
  if (!archive) {
    console.error("Usage: npm run restore <backup.tar.gz> [-- --force] [--accept-secret-change]");
    return 2;
  }
  const config = env();
  try {
    const result = await restoreBackup({
      archive: path.resolve(archive),
      dataDir: config.DATA_DIR,
      databaseUrl: config.DATABASE_URL,
      storage: createStorage({ dataDir: config.DATA_DIR, s3: s3ConfigFromEnv(config) }),
      force: args.includes("--force"),
      acceptSecretChange: args.includes("--accept-secret-change"),
    });
    console.log(`Restored the backup of ${result.manifest.createdAt}: ${result.rows} rows, ${result.files} files, into ${config.DATA_DIR}.`);
    for (const warning of result.warnings) console.log(`Warning: ${warning}`);
    if (result.manifest.secrets === "from-environment") console.log("That site took AUTH_SECRET from its environment: set the same AUTH_SECRET here.");
    return 0;
  } catch (error) {
    if (error instanceof RestoreError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }
}

/** node scripts/cli.mjs cleanup [--min-age-minutes N]: remove orphan files, scratch and expired uploads now. */
async function cleanupCommand(args: string[]): Promise<number> {
  const config = env();
  loadSecrets(config.DATA_DIR);
  const minutes = optionOf(args, "min-age-minutes");
  const minAgeMs = minutes === undefined ? undefined : Number(minutes) * 60_000;
  const result = await cleanUp({ database: await getDatabase(), storage: getStorage(), dataDir: config.DATA_DIR, tus: getTus(), orphanMinAgeMs: minAgeMs, scratchMinAgeMs: minAgeMs });
  console.log(JSON.stringify(result));
  return 0;
}

/**
 * npm run move [-- --from-data-dir DIR] [--force]: the SQLite database and
 * uploads of DATA_DIR (or DIR) into DATABASE_URL and/or the S3_* bucket.
 * Stop the site first.
 */
async function moveCommand(args: string[]): Promise<number> {
  const config = env();
  const fromDataDir = path.resolve(optionOf(args, "from-data-dir") ?? config.DATA_DIR);
  const pauseMs = Number(process.env.SITE_MOVE_PAUSE_MS ?? 0) || undefined;
  try {
    console.log(`Moving the site in ${fromDataDir}…`);
    const result = await moveSite({
      fromDataDir,
      databaseUrl: config.DATABASE_URL,
      s3: s3ConfigFromEnv(config),
      force: args.includes("--force"),
      progress: (line) => console.log(line),
      pauseMs,
    });
    console.log(moveReport(result, fromDataDir));
    return 0;
  } catch (error) {
    if (error instanceof MoveError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }
}

function moveReport(result: MoveResult, fromDataDir: string): string {
  const width = Math.max(5, ...result.tables.map((t) => t.table.length));
  const lines = ["", "Moved and verified (row counts per table, SHA-256 per file):", `  ${"table".padEnd(width)}  rows`];
  for (const { table, rows } of result.tables) lines.push(`  ${table.padEnd(width)}  ${rows}`);
  if (result.movedDatabase) lines.push(`  ${"total".padEnd(width)}  ${result.tables.reduce((sum, t) => sum + t.rows, 0)}`);
  if (result.movedFiles) lines.push(`  ${"files".padEnd(width)}  ${result.files} (${result.fileBytes} bytes)`);
  lines.push("", "Next, in the site's settings file (the one the site and every npm run command use):");
  if (result.movedDatabase) lines.push("  - set DATABASE_URL to the value used for this move;");
  if (result.movedFiles) lines.push("  - set S3_ENDPOINT, S3_REGION, S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY (and S3_PUBLIC_URL if a CDN serves the bucket) to the values used for this move;");
  const secretsFile = path.join(fromDataDir, "secrets.json");
  if (result.secret === "secrets-json") {
    lines.push(
      `  - set AUTH_SECRET to the authSecret in ${secretsFile} (node -p "require('${secretsFile}').authSecret"): sessions, two-factor secrets and newsletter links depend on it.`,
    );
  } else if (result.secret === "environment") {
    lines.push("  - keep AUTH_SECRET as it is set now: sessions, two-factor secrets and newsletter links depend on it.");
  } else {
    lines.push(`  - set AUTH_SECRET to a long random value (openssl rand -base64 32): ${secretsFile} has none, so no data depends on one yet.`);
  }
  lines.push("Then start the site.", `The old data folder ${fromDataDir} is as it was: to go back, take those settings out again and start the site.`);
  return lines.join("\n");
}
