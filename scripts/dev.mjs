import { spawn } from 'node:child_process';

// `npm run dev`: the server (reloading on every change under src/server and src/shared) and the
// client (Vite at http://127.0.0.1:5173, reloading the page on a change, proxying /api to the server) together.
// Ctrl+C stops both.
const processes = [
  ['server', ['tsx', 'watch', '--clear-screen=false', 'src/server/main.ts']],
  ['client', ['vite', '--host', '127.0.0.1']],
].map(([name, args]) => {
  const [command, ...rest] = args;
  const child = spawn(`node_modules/.bin/${command}`, rest, { stdio: ['ignore', 'pipe', 'pipe'], env: process.env });
  const prefix = (stream, out) =>
    stream.on('data', (chunk) => {
      for (const line of chunk.toString().split('\n')) if (line) out.write(`[${name}] ${line}\n`);
    });
  prefix(child.stdout, process.stdout);
  prefix(child.stderr, process.stderr);
  child.on('exit', (code) => {
    console.log(`[${name}] stopped (${code ?? 'signal'})`);
    stopAll();
  });
  return child;
});

let stopping = false;
function stopAll() {
  if (stopping) return;
  stopping = true;
  for (const child of processes) child.kill('SIGTERM');
}
process.on('SIGINT', stopAll);
process.on('SIGTERM', stopAll);
