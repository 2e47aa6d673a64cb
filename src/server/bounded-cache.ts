/**
 * Values (as promises) by key, the least recently used making room once there are more than
 * `count` of them or their bytes pass `bytes` (a value's size counts once it has arrived). A
 * value that fails is forgotten. For answers addressed by their content, which never go stale:
 * lineup images by their drawn input, public pages by their data.
 */
export class BoundedCache<T> {
  /** Most recently used last; `bytes` is 0 until the value has arrived. */
  private readonly entries = new Map<string, { value: Promise<T>; bytes: number }>();
  private bytes = 0;

  constructor(
    private readonly limits: { count: number; bytes: number },
    private readonly sizeOf: (value: T) => number,
  ) {}

  get(key: string): Promise<T> | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    this.entries.delete(key);
    this.entries.set(key, hit);
    return hit.value;
  }

  /** Keeps `value` under `key` and returns it. */
  keep(key: string, value: Promise<T>): Promise<T> {
    this.forget(key);
    const entry = { value, bytes: 0 };
    this.entries.set(key, entry);
    this.trim();
    value.then(
      (arrived) => {
        if (this.entries.get(key) !== entry) return;
        entry.bytes = this.sizeOf(arrived);
        this.bytes += entry.bytes;
        this.trim();
      },
      () => {
        if (this.entries.get(key) === entry) this.forget(key);
      },
    );
    return value;
  }

  private forget(key: string) {
    this.bytes -= this.entries.get(key)?.bytes ?? 0;
    this.entries.delete(key);
  }

  private trim() {
    for (const key of this.entries.keys()) {
      if (this.entries.size <= this.limits.count && this.bytes <= this.limits.bytes) break;
      this.forget(key);
    }
  }
}
