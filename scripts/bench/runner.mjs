// A closed-loop load generator: N connections (keep-alive), each sending its next request as
// soon as the previous one is answered, for a fixed time. Each scenario decides what the next
// request is (so a save can carry the version the previous answer returned). Latencies are
// kept exactly, so p95 and sub-millisecond figures are real.
import fs from 'node:fs';
import http from 'node:http';

/**
 * @param {{ url: string, connections: number, seconds: number, keepLatencies?: boolean, ok?: (status: number) => boolean,
 *   next: (worker: number) => { method?: string, path: string, headers?: Record<string, string>, body?: string,
 *     onResponse?: (status: number, text: string) => void } }} options
 * `ok`: the statuses that are not errors (2xx; a redirect or a 304 where that is the answer expected).
 */
export async function closedLoop({ url, connections, seconds, next, keepLatencies = false, ok = (status) => status >= 200 && status < 300 }) {
  const target = new URL(url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const latencies = [];
  const statuses = {};
  let errors = 0;
  const began = performance.now();
  const deadline = began + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async (_, worker) => {
      while (performance.now() < deadline) {
        const request = next(worker);
        const t0 = performance.now();
        const { status, text } = await send(agent, target, request);
        latencies.push(performance.now() - t0);
        statuses[status] = (statuses[status] ?? 0) + 1;
        if (!ok(status)) errors++;
        request.onResponse?.(status, text);
      }
    }),
  );
  const elapsed = (performance.now() - began) / 1000;
  agent.destroy();
  // keepLatencies: the raw figures too, for results made of several runs (bench/growth.mjs).
  return { ...summarize(latencies, elapsed), errors, statuses, ...(keepLatencies && { latencies, seconds: elapsed }) };
}

/** One request on `agent`; status 0 when the connection failed. */
export function send(agent, target, { method = 'GET', path, headers = {}, body }) {
  return new Promise((resolve) => {
    const request = http.request(
      {
        agent,
        host: target.hostname,
        port: target.port,
        method,
        path,
        headers: body === undefined ? headers : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), ...headers },
      },
      (response) => {
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString() }));
        response.on('error', () => resolve({ status: 0, text: '' }));
      },
    );
    request.on('error', () => resolve({ status: 0, text: '' }));
    request.end(body);
  });
}

/** requests/s and latency percentiles (ms) of a run. */
export function summarize(latencies, seconds) {
  const sorted = Float64Array.from(latencies).sort();
  const at = (p) => (sorted.length ? round(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]) : '');
  return {
    'requests/s': Math.round(sorted.length / seconds),
    answered: sorted.length,
    'p50 ms': at(50),
    'p95 ms': at(95),
    'p99 ms': at(99),
  };
}

const round = (ms) => (ms < 10 ? Math.round(ms * 10) / 10 : Math.round(ms));

/**
 * CPU time a process has used so far (user + system, ms; Linux, 10 ms resolution). Per request it
 * is the cost that holds when other work shares the machine, where requests/s does not.
 */
export function cpuMs(pid) {
  // Fields 14 and 15 of /proc/PID/stat, counted after the command name's closing parenthesis.
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
}

/** USER_HZ: 100 on every Linux build Node ships for. */
const CLOCK_TICKS = 100;

/** CPU ms per answered request between two cpuMs readings. */
export const cpuPerRequest = (before, after, answered) => (answered > 0 ? round((after - before) / answered) : '');

/** Resident memory of a process in MB (Linux). */
export function residentMb(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(status.match(/VmRSS:\s+(\d+)\s+kB/)?.[1]);
  return Math.round(kb / 1024);
}
