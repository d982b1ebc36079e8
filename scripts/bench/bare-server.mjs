// The bench's ceiling: a bare node:http server answering each path with the very bytes the app
// answered it with (status, headers and the gzipped body, captured once: answers.ts), so every
// scenario can be read as a share of what one Node process can do with its own bytes on this
// machine in the same run. Plain JavaScript: nothing between the socket and the bytes.
//
// Usage: node bare-server.mjs PORT ANSWERS_FILE  (JSON: { "<path>": { status, headers, body (base64) } })
import fs from "node:fs";
import http from "node:http";

const [port, answersFile] = process.argv.slice(2);
const answers = new Map(
  Object.entries(JSON.parse(fs.readFileSync(answersFile, "utf8"))).map(([path, answer]) => [
    path,
    { status: answer.status, headers: answer.headers, body: Buffer.from(answer.body, "base64") },
  ]),
);

const server = http.createServer((req, res) => {
  const answer = answers.get(req.url);
  if (!answer) {
    res.writeHead(404, { "Content-Length": 0 });
    res.end();
    return;
  }
  res.writeHead(answer.status, answer.headers);
  res.end(answer.body);
});
server.listen(Number(port), "127.0.0.1", () => console.log("ready"));
process.on("SIGTERM", () => server.close(() => process.exit(0)));
