// A PostgreSQL connection string, taken apart for tools that must not show its password: a
// command line is visible to every user of the machine (ps), a process's environment only to its
// own user, so pg_dump gets the password as PGPASSWORD.

/** The connection string without its password, and the password (decoded) for PGPASSWORD. */
export function passwordApart(databaseUrl: string): { url: string; password?: string } {
  const url = new URL(databaseUrl);
  let password = url.password ? decodeURIComponent(url.password) : undefined;
  url.password = '';
  const inQuery = url.searchParams.get('password');
  if (inQuery !== null) {
    password = inQuery;
    url.searchParams.delete('password');
  }
  return { url: url.toString(), password };
}
