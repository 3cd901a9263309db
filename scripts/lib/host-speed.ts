/**
 * How fast this host is, measured in child processes so the caller's own heap does not count. Printed by
 * `npm test` beside its stage times (hosts differ: the same suite took 3× as long on one CI host as on
 * another) and used by Lighthouse to decide whether a performance score can be judged here.
 */
import { spawnSync } from 'node:child_process';

/** Median of three runs of a probe that prints milliseconds. */
function medianMs(probe: string): number {
  const runs = [0, 1, 2].map(() => Number(spawnSync(process.execPath, ['-e', probe], { encoding: 'utf8' }).stdout));
  return runs.sort((x, y) => x - y)[1] as number;
}

/**
 * What mapping a fresh 4 KiB page of memory costs this host, in µs. A desktop or a phone takes well under
 * 1 µs; some sandboxed virtual machines take 10 to 20 µs (this project's CI host on 2026-11-25: 12-16 µs,
 * the same whether the memory was just freed or never used, because each fault traps to the hypervisor).
 * Chromium starts a new renderer for every page Lighthouse loads and its memory comes in 4 KiB pages, so
 * there every task of the page is inflated and Lighthouse multiplies it by 4 for a mid-tier phone: the
 * build that scored 98 on /home scores about 80. Measured on 1 MiB buffers (below the 2 MiB of a
 * transparent huge page, so 4 KiB pages whatever the kernel's setting), 64 MiB, median of 3.
 */
export function pageMapMicros(): number {
  const probe =
    'const t=performance.now();const k=[];for(let n=0;n<64;n++){const b=Buffer.alloc(1<<20);for(let i=0;i<b.length;i+=4096)b[i]=1;k.push(b)}console.log(performance.now()-t)';
  return (medianMs(probe) * 1000) / 16384;
}

/**
 * Milliseconds one core takes for a fixed piece of JavaScript: 200,000 JSON round trips of a small
 * order-like object (parse, stringify and allocation, what the servers and test runners do most).
 * This project's CI host on 2026-12-02: 738 ms quiet, about 1,080 under a test run's load.
 */
export function cpuMillis(): number {
  const probe =
    'const o={id:1,items:[{id:7,qty:2,price:"12.50"},{id:9,qty:1,price:"3.00"}],customer:{name:"Lea",phone:"09170000000"}};' +
    'const t=performance.now();let n=0;for(let i=0;i<200000;i++){o.id=i;n+=JSON.parse(JSON.stringify(o)).items.length}console.log(performance.now()-t)';
  return medianMs(probe);
}

/** One line for a log: both measures. */
export function hostSpeedLine(): string {
  return `host speed: ${cpuMillis().toFixed(0)} ms of fixed JavaScript work on one core (the CI host on 2026-12-02: 738), a page of memory mapped in ${pageMapMicros().toFixed(1)} µs (a desktop: under 1)`;
}
