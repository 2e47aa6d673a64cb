// Runs beside the page (intlWarmup.ts): the first date formatter of a page loads the browser's
// date and zone data, tens of milliseconds of the main thread on a phone. That data is kept for the
// whole page's process, so loading it here, on the worker's thread, leaves the page's own first
// formatter cheap.
new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(0);
close();
