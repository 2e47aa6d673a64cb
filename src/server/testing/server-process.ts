import { type ChildProcess, spawn, type SpawnOptions } from 'node:child_process';

// The server as its own process (the way a service manager or `npm start` runs it), for the
// tests of start-up, signals and crashes: ready once it says on stderr where it runs (stdout
// is its JSON log, whatever LOG_LEVEL lets through).

export interface ServerProcess {
  child: ChildProcess;
  /** Where it says it runs. */
  url: string;
  /** All it wrote to stdout so far. */
  stdout(): string;
  stderr(): string;
  /** Its exit code (null when a signal ended it). */
  exited: Promise<number | null>;
}

export function startServerProcess(command: string, args: string[], options: SpawnOptions): Promise<ServerProcess> {
  const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    child.stderr!.on('data', (chunk: Buffer) => {
      stderr += chunk;
      const url = /^Lineup is running at (http:\/\/\S+)/m.exec(stderr)?.[1];
      if (url) resolve({ child, url, stdout: () => stdout, stderr: () => stderr, exited });
    });
    void exited.then((code) => reject(new Error(`${command} exited with ${code} before the app was ready:\n${stderr}`)));
  });
}
