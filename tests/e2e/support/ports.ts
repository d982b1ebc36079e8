/** Loopback ports of the end-to-end stack (app, SMTP catcher, catcher's JSON API, a linked site). */
export const E2E_APP_PORT = Number(process.env.E2E_APP_PORT ?? 3197);
export const E2E_SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? 2597);
export const E2E_MAIL_API_PORT = Number(process.env.E2E_MAIL_API_PORT ?? 3198);
/** A page with Open Graph tags that the chat spec serves on loopback; the stack lets the link preview reach it. */
export const E2E_LINK_SITE_PORT = Number(process.env.E2E_LINK_SITE_PORT ?? E2E_APP_PORT + 3);
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_APP_PORT}`;
