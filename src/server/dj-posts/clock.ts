// The time the schedule of posts runs on. The app runs on the system's clock; tests give the
// server a clock they set (startServer's `clock`), and with TEST_CLOCK on the end-to-end tests
// set the running app's through PUT /api/testing/clock (README). Never a timed sleep.

export interface Clock {
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

/** Real time until set; then the instant it was set to, until set again. */
export class SettableClock implements Clock {
  private fixed: number | null;

  constructor(start: number | null = null) {
    this.fixed = start;
  }

  now(): number {
    return this.fixed ?? Date.now();
  }

  set(ms: number): void {
    this.fixed = ms;
  }

  advance(ms: number): void {
    this.fixed = this.now() + ms;
  }
}
