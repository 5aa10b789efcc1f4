// A child of `npm run dev` / `npm start` that dies with its supervisor, whatever kills it.
//
//   node scripts/lifeline.mjs <command> [args...]
//
// The supervisor (scripts/local-stack.ts) starts each child through this, in a process group of its
// own (so a stop reaches every process the child forks, as `next dev` does). A group of its own also
// means nothing else ends it: when the supervisor is killed without its cleanup (SIGKILL, the OOM
// killer, a closed terminal), the app, the workers and the sandbox would live on and hold their
// ports. So this process holds the other end of a pipe from the supervisor on its stdin, which the
// supervisor never writes: the kernel closes it when the supervisor dies, however it dies, and then
// this ends its whole group — SIGTERM, then SIGKILL after a grace period. It also notices being
// re-parented (its parent id changing), in case the pipe was inherited by someone else.
// Plain JavaScript, so it starts in milliseconds and costs no compiler.
import { spawn } from "node:child_process";
import { constants } from "node:os";

const GRACE_MS = 5_000;
const PARENT_CHECK_MS = 1_000;

const [command, ...args] = process.argv.slice(2);
if (!command) {
  console.error("usage: node scripts/lifeline.mjs <command> [args...]");
  process.exit(2);
}

const parent = process.ppid;
const child = spawn(command, args, { stdio: ["ignore", "inherit", "inherit"] });
let ending = false;

/** Signals every process of this group (this one handles them and stays until the child is gone). */
function signalGroup(signal) {
  try {
    process.kill(-process.pid, signal);
  } catch {
    // the group is gone already
  }
}

/** The supervisor is gone: end everything this child started, politely first. */
function supervisorGone() {
  if (ending) return;
  ending = true;
  signalGroup("SIGTERM");
  setTimeout(() => signalGroup("SIGKILL"), GRACE_MS).unref();
}

// The supervisor's own stop signals the whole group (this process included): wait for the child.
for (const signal of ["SIGTERM", "SIGINT", "SIGHUP"]) process.on(signal, () => undefined);

process.stdin.on("end", supervisorGone);
process.stdin.on("close", supervisorGone);
process.stdin.on("error", supervisorGone);
process.stdin.resume();
setInterval(() => {
  if (process.ppid !== parent) supervisorGone();
}, PARENT_CHECK_MS).unref();

child.on("error", (error) => {
  console.error(`cannot start ${command}: ${error.message}`);
  process.exit(127);
});
child.on("exit", (code, signal) => {
  // Whatever the child left behind in the group goes with it (this process ignores the signal).
  signalGroup("SIGTERM");
  process.exit(code ?? 128 + (constants.signals[signal] ?? 0));
});
