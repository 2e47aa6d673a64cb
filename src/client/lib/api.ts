// The one way the client talks to the server: JSON in and out, errors carry the server's message.

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: unknown,
  ) {
    super(message);
  }
}

async function request<T>(method: string, url: string, body?: unknown): Promise<T> {
  const response = await fetch(url, {
    method,
    credentials: 'same-origin',
    headers: body === undefined ? { accept: 'application/json' } : { accept: 'application/json', 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  let parsed: unknown = undefined;
  if (text) {
    try {
      parsed = JSON.parse(text);
    } catch {
      // A proxy's HTML error page: report the status, not a JSON parse error.
      parsed = undefined;
    }
  }
  if (!response.ok) {
    const message =
      (parsed as { message?: unknown } | undefined)?.message ?? `Request failed with status ${response.status}`;
    throw new ApiError(response.status, String(message), parsed);
  }
  return parsed as T;
}

export const api = {
  get: <T>(url: string) => request<T>('GET', url),
  post: <T>(url: string, body?: unknown) => request<T>('POST', url, body ?? {}),
  put: <T>(url: string, body: unknown) => request<T>('PUT', url, body),
};

export const appName = () =>
  document.querySelector('meta[name="app-name"]')?.getAttribute('content') || 'Lineup';
