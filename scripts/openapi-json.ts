/**
 * Writes the API's OpenAPI document, built from the routes without starting a server, to the file
 * named on the command line (npm run lint:api checks it with Redocly, redocly.yaml).
 */
import fs from "node:fs";
import path from "node:path";
import { openApiDocument } from "#server/api";

const file = process.argv[2];
if (!file) throw new Error("usage: tsx scripts/openapi-json.ts <file>");
fs.mkdirSync(path.dirname(file), { recursive: true });
fs.writeFileSync(file, `${JSON.stringify(openApiDocument(), null, 2)}\n`);
