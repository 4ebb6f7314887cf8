// CPU time read from /proc, for benches on a shared machine: wall-clock rates follow the
// neighbours, CPU per unit of work much less.
import { readdirSync, readFileSync } from 'node:fs';

/** CPU time (user + system, ms) of every process whose environment holds `marker` ("NAME=value"). */
export function cpuMsOf(marker) {
  let ms = 0;
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      if (!readFileSync(`/proc/${pid}/environ`, 'latin1').split('\0').includes(marker)) continue;
      const fields = readFileSync(`/proc/${pid}/stat`, 'latin1').split(') ')[1].split(' ');
      ms += (Number(fields[11]) + Number(fields[12])) * 10;
    } catch { /* gone or not ours */ }
  }
  return ms;
}
