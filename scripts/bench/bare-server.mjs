// The bench's ceiling: a bare node:http server answering with the very same bytes the app sends
// (gzipped once, at start), so every scenario can be read as a share of what one Node process can
// do on this machine in the same run. Plain JavaScript: nothing between the socket and the bytes.
//
// Usage: node bare-server.mjs PORT HTML_FILE JSON_FILE  (GET /html, GET /json)
import fs from "node:fs";
import http from "node:http";
import zlib from "node:zlib";

const [port, htmlFile, jsonFile] = process.argv.slice(2);
const bodies = {
  "/html": { type: "text/html; charset=utf-8", bytes: zlib.gzipSync(fs.readFileSync(htmlFile)) },
  "/json": { type: "application/json", bytes: zlib.gzipSync(fs.readFileSync(jsonFile)) },
};

const server = http.createServer((req, res) => {
  const body = bodies[req.url] ?? bodies["/html"];
  res.writeHead(200, { "Content-Type": body.type, "Content-Encoding": "gzip", "Content-Length": body.bytes.length });
  res.end(body.bytes);
});
server.listen(Number(port), "127.0.0.1", () => console.log("ready"));
process.on("SIGTERM", () => server.close(() => process.exit(0)));
