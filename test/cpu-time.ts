// The CPU time a piece of work takes, for the few tests whose honest bound is time. Wall-clock time
// grows when other processes share the cores (the machine this runs on is shared); the CPU time this
// process spends on the same work barely moves. Vitest runs each test file in its own process (the
// default `forks` pool), so no other test's work is counted.

/** Milliseconds of CPU (user + system) this process spent running `work`, with its result. */
export function cpuTime<T>(work: () => T): { value: T; ms: number } {
  const before = process.cpuUsage();
  const value = work();
  const used = process.cpuUsage(before);
  return { value, ms: (used.user + used.system) / 1000 };
}
