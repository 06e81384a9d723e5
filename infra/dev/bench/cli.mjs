// Small helpers the benchmark scripts share.
import { pathToFileURL } from 'node:url';

/** True when the module at `moduleUrl` is the script node was started with (not an import). */
export const isEntry = (moduleUrl) =>
  Boolean(process.argv[1]) && moduleUrl === pathToFileURL(process.argv[1]).href;

/** A numeric `--name=value` argument, else `fallback`. */
export const numberArg = (name, fallback) => {
  const found = process.argv.find((a) => a.startsWith(`--${name}=`));
  return found ? Number(found.split('=')[1]) : fallback;
};
