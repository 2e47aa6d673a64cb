import { passwordApart } from './connection-string.js';

// libpq's connection URIs (PostgreSQL 15 documentation, 34.1.1): the password in the user part,
// percent-encoded, or as a `password` parameter.

test.each([
  ['postgres://lineup:s3cr%40t%2Fpw@db.internal:5432/lineup', 'postgres://lineup@db.internal:5432/lineup', 's3cr@t/pw'],
  ['postgresql://lineup:pw@db.internal/lineup?sslmode=require', 'postgresql://lineup@db.internal/lineup?sslmode=require', 'pw'],
  ['postgres://lineup@db.internal/lineup?password=pw&sslmode=verify-full', 'postgres://lineup@db.internal/lineup?sslmode=verify-full', 'pw'],
  ['postgres://%2Fvar%2Frun%2Fpostgresql/lineup', 'postgres://%2Fvar%2Frun%2Fpostgresql/lineup', undefined],
])('%s: the password leaves the address', (databaseUrl, url, password) => {
  expect(passwordApart(databaseUrl)).toEqual({ url, password });
});
