// Running the CLI as a process: stdout and stderr as the output lines, the exit code, and the two
// ways a process can end that are no fault of the input. Every entry point (bin/sinew.mjs, the
// `npm run sinew` script, a built bundle) goes through `runAsProcess`, so they behave alike.

export type CliIo = { out: (s: string) => void; err: (s: string) => void };
export type CliRun = (argv: string[], io: CliIo) => number;

/** Runs `run` with the process's streams and sets the exit code. */
export function runAsProcess(run: CliRun, argv: string[]): void {
  // A reader that stops early (`sinew eval G | head -c1`) closes the pipe: the rest of the output
  // is unwanted, so end quietly, as `cat` does, instead of dying on EPIPE with a stack trace.
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', (e: NodeJS.ErrnoException) => {
      if (e.code === 'EPIPE') process.exit(typeof process.exitCode === 'number' ? process.exitCode : 0);
      throw e;
    });
  }
  try {
    process.exitCode = run(argv, { out: (s) => process.stdout.write(`${s}\n`), err: (s) => process.stderr.write(`${s}\n`) });
  } catch (e) {
    // Only a bug reaches here: bad input is answered inside `run`. One line, never a stack trace.
    process.stderr.write(`sinew: internal error: ${e instanceof Error ? e.message : String(e)}\n`);
    process.exitCode = 3;
  }
}
