// One POST over `node:http` whose answer is read whole and parsed as JSON: the bench's
// generators use it instead of fetch, which costs the generator more per call.
import http from "node:http";

/**
 * POSTs `body` (a string or bytes) to `path` on `url`'s host with `headers` (Content-Length
 * is set here), through `agent` when given; answers the parsed JSON.
 */
export function postJson({ url, path, body, headers = {}, agent }) {
  const target = new URL(url);
  const payload = typeof body === "string" ? Buffer.from(body) : body;
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        agent,
        host: target.hostname,
        port: target.port,
        path,
        method: "POST",
        headers: { ...headers, "content-length": payload.length },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk) => (text += chunk));
        res.on("end", () => {
          try {
            resolve(JSON.parse(text));
          } catch (error) {
            reject(error);
          }
        });
      },
    );
    req.on("error", reject);
    req.end(payload);
  });
}
