/** An e-mail address in an SMTP server's answer ("550 <ana@example.com>: no such user"). */
const ADDRESS = /[^\s<>()[\]"',;:]+@[^\s<>()[\]"',;:]+/g;

/** An error text fit for a log line: SMTP servers quote recipients' addresses, which are personal data. */
export const withoutAddresses = (text: string) => text.replace(ADDRESS, "[correo]");
