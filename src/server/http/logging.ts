// Secrets never reach the logs: cookies, authorization headers and OAuth values are redacted.
export const logRedaction = {
  paths: [
    'req.headers.cookie',
    'req.headers.authorization',
    'res.headers["set-cookie"]',
    'body.code',
    'body.client_secret',
    'body.code_verifier',
  ],
  censor: '[redacted]',
};
