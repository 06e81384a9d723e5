// CPU time per process group, read from /proc, so a throughput figure can say where the cores went.
import { readdirSync, readFileSync } from 'node:fs';

const TICKS_PER_SECOND = 100;

const groupOf = (pid, cmdline, comm) => {
  if (pid === String(process.pid)) return 'load generator';
  if (comm === 'postgres' || cmdline.startsWith('postgres')) return 'postgres';
  if (comm.startsWith('redis')) return 'redis';
  const ours = cmdline.match(/(?:services\/(\w+)|(gateway))\/dist\/(\w+)\.js/);
  if (!ours) return null;
  const name = ours[1] ?? ours[2];
  return ours[3] === 'main' ? name : `${name} ${ours[3]}`;
};

/** CPU seconds used so far by each live process of a known group, by pid. */
const snapshot = () => {
  const processes = new Map();
  for (const pid of readdirSync('/proc').filter((entry) => /^\d+$/.test(entry))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
      const group = groupOf(pid, cmdline, comm);
      if (!group) continue;
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      processes.set(pid, { group, seconds: (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND });
    } catch {
      // the process ended between the listing and the read
    }
  }
  return processes;
};

/**
 * Runs `work` and answers its result with the cores each group used meanwhile (CPU seconds per
 * second of wall time), largest first, leaving out groups that used under 1% of a core.
 */
export const withCpuShares = async (work) => {
  const before = snapshot();
  const started = performance.now();
  const result = await work();
  const seconds = (performance.now() - started) / 1000;
  // per process, so one that ended meanwhile (a closed database connection) takes nothing away
  const used = new Map();
  for (const [pid, { group, seconds: now }] of snapshot())
    used.set(group, (used.get(group) ?? 0) + now - (before.get(pid)?.seconds ?? 0));
  const shares = [...used]
    .map(([group, cpuSeconds]) => ({ group, cores: cpuSeconds / seconds }))
    .filter((share) => share.cores >= 0.01)
    .sort((a, b) => b.cores - a.cores);
  return { result, shares };
};

/** "gateway 0.71, auth 0.66, ..." cores. */
export const formatShares = (shares) =>
  shares.map((share) => `${share.group} ${share.cores.toFixed(2)}`).join(', ');
