/** Loopback ports of the end-to-end stack (app, SMTP catcher, catcher's JSON API). */
export const E2E_APP_PORT = Number(process.env.E2E_APP_PORT ?? 3197);
export const E2E_SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? 2597);
export const E2E_MAIL_API_PORT = Number(process.env.E2E_MAIL_API_PORT ?? 3198);
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_APP_PORT}`;
