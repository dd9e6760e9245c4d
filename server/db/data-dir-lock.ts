import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * PGlite has one connection and no lock of its own on its folder, so a second process on the
 * same DATA_DIR would corrupt it: take a lock file naming our process, and refuse politely.
 * A pid alone is not enough: after a crash or a reboot the pid in a stale lock may
 * belong to another program, so the lock also holds the process's start time and the boot id.
 */
export function lockDataDir(pgDir: string): () => void {
  const lockPath = join(pgDir, '..', 'littleloop.lock');
  if (existsSync(lockPath)) {
    const holder = parseLock(readFileSync(lockPath, 'utf8'));
    if (holder && holder.pid !== process.pid && isHeldBy(holder)) {
      throw new Error(
        `Another LittleLoop process (pid ${holder.pid}) is using ${dirname(lockPath)}. Stop it, or set DATA_DIR to another folder.`,
      );
    }
  }
  writeFileSync(lockPath, JSON.stringify(lockOf(process.pid)));
  return () => rmSync(lockPath, { force: true });
}

export type LockHolder = { pid: number; startTime?: string | undefined; bootId?: string | undefined };

/** Who we are, in a form that still identifies us if our pid is later reused. */
export function lockOf(pid: number): LockHolder {
  return { pid, startTime: processStartTime(pid), bootId: bootId() };
}

/** The lock's holder: JSON, or a bare pid as older releases wrote it. */
function parseLock(text: string): LockHolder | undefined {
  try {
    const parsed = JSON.parse(text) as unknown;
    if (typeof parsed === 'number') return { pid: parsed };
    if (typeof parsed === 'object' && parsed !== null && typeof (parsed as LockHolder).pid === 'number') {
      return parsed as LockHolder;
    }
  } catch {
    // Not JSON: unreadable, so not held.
  }
  return undefined;
}

/** Whether the process that wrote the lock still runs: the same pid, boot and start time. */
function isHeldBy(holder: LockHolder): boolean {
  if (!isRunning(holder.pid)) return false;
  const currentBoot = bootId();
  if (holder.bootId && currentBoot && holder.bootId !== currentBoot) return false;
  const startTime = processStartTime(holder.pid);
  if (holder.startTime && startTime) return holder.startTime === startTime;
  // A bare pid (an older lock): only a running Node process can be a LittleLoop.
  const command = readProc(`/proc/${holder.pid}/cmdline`);
  return command === undefined || /node/.test(command);
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, under another user.
    return (error as { code?: unknown }).code === 'EPERM';
  }
}

function readProc(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}

/** Field 22 of /proc/<pid>/stat, in clock ticks since boot; undefined where there is no /proc. */
function processStartTime(pid: number): string | undefined {
  const stat = readProc(`/proc/${pid}/stat`);
  // The command name (field 2) may hold spaces and parentheses: count from the last ')'.
  const fields = stat?.slice(stat.lastIndexOf(')') + 2).split(' ');
  return fields?.[19];
}

function bootId(): string | undefined {
  return readProc('/proc/sys/kernel/random/boot_id')?.trim();
}
