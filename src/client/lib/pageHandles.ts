/**
 * What a lazy route declares so that a page the server renders asks for its module at once: the
 * module's path under src/client, as the build's manifest names it (entry-server.tsx).
 */
export interface ModuleHandle {
  module: string;
}

export const moduleOf = (handle: unknown): string | undefined =>
  typeof (handle as Partial<ModuleHandle> | undefined)?.module === 'string' ? (handle as ModuleHandle).module : undefined;
