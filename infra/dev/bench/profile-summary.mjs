#!/usr/bin/env node
// Where a process spent its CPU: node infra/dev/bench/profile-summary.mjs <file.cpuprofile> [seconds]
// prints self time by package or file and by function, over the whole profile or its last `seconds`
// (the load, not the start-up). Profiles come from DEV_CPU_PROFILE=<process,...> (see stack.mjs).
import { readFileSync } from 'node:fs';

const [file, lastSeconds] = process.argv.slice(2);
if (!file) {
  console.error('usage: profile-summary.mjs <file.cpuprofile> [last seconds]');
  process.exit(2);
}
const profile = JSON.parse(readFileSync(file, 'utf8'));
const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
const from = lastSeconds ? profile.endTime - Number(lastSeconds) * 1e6 : -Infinity;

const selfTime = new Map();
let clock = profile.startTime;
let total = 0;
profile.samples.forEach((id, i) => {
  const delta = profile.timeDeltas[i] ?? 0;
  clock += delta;
  if (clock < from) return;
  selfTime.set(id, (selfTime.get(id) ?? 0) + delta);
  total += delta;
});

const PACKAGE = /.*node_modules\/((@[^/]+\/)?[^/]+).*/;
const byPlace = new Map();
const byFunction = new Map();
const add = (map, key, value) => map.set(key, (map.get(key) ?? 0) + value);
for (const [id, time] of selfTime) {
  const { functionName, url, lineNumber } = nodes.get(id).callFrame;
  const place = url.includes('node_modules/')
    ? url.replace(PACKAGE, '$1')
    : url.replace(/^file:\/\/\/.*?\/(services|gateway|proto)\//, '$1/') || functionName;
  add(byPlace, place, time);
  add(byFunction, `${functionName || '(anonymous)'} ${place}:${lineNumber + 1}`, time);
}
const top = (map, count) =>
  [...map]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, time]) => `${((100 * time) / total).toFixed(1).padStart(5)}%  ${name}`)
    .join('\n');

console.log(
  `${(total / 1e6).toFixed(1)} s of samples\n\nby package or file\n${top(byPlace, 25)}\n\nby function\n${top(byFunction, 25)}`,
);
