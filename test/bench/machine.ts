/** What the figures were measured on: CPU, cores, memory, load, Node, date. */
import { availableParallelism, cpus, loadavg, release, totalmem, type } from 'node:os';

export interface Machine {
  readonly cpu: string;
  readonly cores: number;
  readonly availableParallelism: number;
  readonly memoryGiB: number;
  readonly os: string;
  /** 1-minute load average when the run started: other work on a shared machine shows here. */
  readonly loadAverage1m: number;
  readonly node: string;
  readonly date: string;
}

export function describeMachine(): Machine {
  const list = cpus();
  return {
    cpu: list[0]?.model.trim() ?? 'unknown',
    cores: list.length,
    availableParallelism: availableParallelism(),
    memoryGiB: Number((totalmem() / 1024 ** 3).toFixed(1)),
    os: `${type()} ${release()}`,
    loadAverage1m: Number((loadavg()[0] ?? 0).toFixed(2)),
    node: process.version,
    date: new Date().toISOString(),
  };
}
