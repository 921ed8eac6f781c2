// Where a browser page's call spends its time, for the web benches' --profile: Chromium's
// sampling profiler over `run` (an async function driving the page), the samples taken inside
// the function named `functionName` of a script whose URL ends with `scriptEnd`, by function
// (self time; WebAssembly functions are named when the core is linked with --profiling-funcs,
// else numbered). Returns what `run` returned, the samples inside and in all, and the top
// `top` functions as [name, share of the samples inside] pairs.
import path from 'node:path';

export async function profileSelfTime(page, run, { functionName, scriptEnd, top = 30 }) {
  const cdp = await page.createCDPSession();
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 20 });
  await cdp.send('Profiler.start');
  const result = await run();
  const { profile } = await cdp.send('Profiler.stop');
  await cdp.detach();
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parentOf = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
  const inside = (id) => {
    for (let at = id; at !== undefined; at = parentOf.get(at)) {
      const frame = byId.get(at).callFrame;
      if (frame.functionName === functionName && frame.url.endsWith(scriptEnd)) return true;
    }
    return false;
  };
  const self = new Map();
  let count = 0;
  for (const id of profile.samples) {
    if (!inside(id)) continue;
    const { functionName: name, url, lineNumber } = byId.get(id).callFrame;
    const where = url.endsWith('.js') || url.endsWith('.mjs') ? ` ${path.basename(url)}:${lineNumber + 1}` : '';
    const key = `${name || '(anonymous)'}${where}`;
    self.set(key, (self.get(key) ?? 0) + 1);
    count++;
  }
  const shares = [...self].sort((a, b) => b[1] - a[1]).slice(0, top).map(([key, n]) => [key, n / Math.max(count, 1)]);
  return { result, inside: count, samples: profile.samples.length, shares };
}

/** Prints profileSelfTime's shares, one line each. */
export function printShares(shares) {
  for (const [key, share] of shares) console.log(`  ${(100 * share).toFixed(1).padStart(5)} %  ${key.length > 150 ? `${key.slice(0, 147)}...` : key}`);
}
