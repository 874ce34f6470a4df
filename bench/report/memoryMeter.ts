import { readFileSync, writeFileSync } from 'node:fs';

const MB = 1024 * 1024;

export interface PhaseMemory {
  /** Largest process.memoryUsage().rss seen by a 50 ms sampler (blind while WebAssembly runs). */
  sampledPeakMb: number;
  /** The kernel's peak resident size over the phase (Linux VmHWM, reset at the phase start). */
  kernelPeakMb: number | null;
}

/** The kernel's peak resident size of this process since the last reset, in MB (Linux VmHWM). */
export function kernelPeak(): number | null {
  try {
    const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'));
    return match ? Number(match[1]) / 1024 : null;
  } catch {
    return null;
  }
}

/** Starts the kernel's peak resident size again from the current size (Linux clear_refs 5). */
export function resetKernelPeak(): void {
  try {
    writeFileSync('/proc/self/clear_refs', '5');
  } catch {
    // Not Linux, or not allowed: the peak then covers the process's whole life so far.
  }
}

/** Peak memory of this process (the server, its database and the benchmark's driver) per phase. */
export function createMemoryMeter() {
  let peak = 0;
  const sample = () => {
    peak = Math.max(peak, process.memoryUsage().rss);
  };
  const timer = setInterval(sample, 50);
  timer.unref();
  const phases: Record<string, PhaseMemory> = {};
  return {
    phases,
    begin(): void {
      peak = 0;
      sample();
      resetKernelPeak();
    },
    end(name: string): PhaseMemory {
      sample();
      const hwm = kernelPeak();
      phases[name] = { sampledPeakMb: Math.round(peak / MB), kernelPeakMb: hwm === null ? null : Math.round(hwm) };
      return phases[name]!;
    },
    stop(): void {
      clearInterval(timer);
    },
  };
}
