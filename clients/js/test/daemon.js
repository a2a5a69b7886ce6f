// A real `widgethost run` for the tests: its own data folder, a free port, no D-Bus, only the
// sample bundles `swift build` put beside the binary. Always stopped (SIGTERM).

import { spawn } from "node:child_process";
import { once } from "node:events";
import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const repo = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");

/** The widgethost executable: $WIDGETHOST, else the repository's debug build. */
export const binary = process.env.WIDGETHOST ?? join(repo, ".build/debug/widgethost");

/** Seconds the daemon may take to serve: workers start first, slowly on a loaded machine. */
const startGuard = 120;

/**
 * Polls `condition` until it answers something, failing when `failure()` names a reason or after
 * `guardSeconds` (a hang guard: the wait ends on the event, normally long before).
 */
export async function waitFor(what, condition, { guardSeconds = startGuard, failure = () => null } = {}) {
  const deadline = Date.now() + guardSeconds * 1000;
  for (;;) {
    const value = await condition();
    if (value) return value;
    const reason = failure();
    if (reason) throw new Error(`${what}: ${reason}`);
    if (Date.now() > deadline) throw new Error(`${what}: still waiting after ${guardSeconds} s`);
    await new Promise((done) => setTimeout(done, 50));
  }
}

export async function startDaemon() {
  if (!existsSync(binary)) {
    throw new Error(`no widgethost at ${binary}: build it (swift build --product widgethost, and the samples) or set WIDGETHOST`);
  }
  const dataDir = await mkdtemp(join(tmpdir(), "widgethost-js-"));
  const child = spawn(binary, [
    "run", "--data-dir", dataDir, "--http", "127.0.0.1:0", "--dbus", "off",
    "--bundles", process.env.WIDGETHOST_BUNDLES ?? dirname(binary), "--no-default-bundles",
  ], { stdio: ["ignore", "pipe", "pipe"], detached: true });
  const output = [];
  const keep = (chunk) => {
    output.push(chunk.toString());
    if (output.length > 200) output.shift();
  };
  child.stdout.on("data", keep);
  child.stderr.on("data", keep);
  let exit = null;
  child.on("exit", (code, signal) => { exit = signal ?? code; });
  const log = () => output.join("").split("\n").slice(-40).join("\n");

  const addressFile = join(dataDir, "http.address");
  let url;
  try {
    url = await waitFor("the daemon's address file", async () => {
      try {
        return (await readFile(addressFile, "utf8")).trim() || null;
      } catch {
        return null;
      }
    }, { failure: () => (exit === null ? null : `the daemon exited (${exit}) before serving:\n${log()}`) });
  } catch (error) {
    await stop();
    throw error;
  }

  /** SIGTERM, then waits for the daemon to exit (it removes its address file first). */
  async function terminate() {
    if (exit === null && child.exitCode === null) {
      const ended = once(child, "exit");
      child.kill("SIGTERM");
      const guard = setTimeout(() => {
        try { process.kill(-child.pid, "SIGKILL"); } catch { /* gone */ }
      }, 30_000);
      await ended;
      clearTimeout(guard);
    }
  }

  async function stop() {
    await terminate();
    await rm(dataDir, { recursive: true, force: true });
  }

  return { dataDir, url, addressFile, log, terminate, stop };
}
