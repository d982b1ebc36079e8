import { execFile } from "node:child_process";
import { promisify } from "node:util";

const run = promisify(execFile);

/**
 * The backup file is a plain POSIX tar (GNU tar, in every Debian image) of a staging directory:
 * its parts are already compressed, and an operator can list or open it with `tar` alone.
 */
export async function packDirectory(dir: string, entries: string[], file: string): Promise<void> {
  await run("tar", ["--create", "--format=posix", `--file=${file}`, `--directory=${dir}`, "--", ...entries]);
}

/** GNU tar refuses members named with "..", so a crafted archive cannot write outside `dir`. */
export async function unpackArchive(file: string, dir: string): Promise<void> {
  try {
    await run("tar", ["--extract", "--no-same-owner", `--file=${file}`, `--directory=${dir}`]);
  } catch (error) {
    throw new Error(`No se puede abrir la copia ${file}: ${((error as { stderr?: string }).stderr ?? String(error)).trim()}`);
  }
}
