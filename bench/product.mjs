// The built product (`npm run build`) on its own port and data folder, for the benchmarks:
// started, called over the wire, stopped.
import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import getPort from "get-port";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/**
 * Starts apps/server/dist/main.js on a free port with `dataDir` and waits until it answers.
 * `post` answers the envelope; `call` answers `data` and throws on a non-zero code.
 */
export async function startProduct(dataDir, env = {}) {
  const port = await getPort({ host: "127.0.0.1" });
  const child = spawn(
    process.execPath,
    [path.join(root, "apps/server/dist/main.js")],
    {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: "127.0.0.1",
        DATA_DIR: dataDir,
        LOG_LEVEL: "warn",
        ADMIN_PASSWORD: "admin-pass1",
        RATE_REGISTER_IP: "0",
        RATE_LOGIN_IP: "0",
        ...env,
      },
      stdio: ["ignore", "inherit", "inherit"],
    },
  );
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i += 1) {
    if (child.exitCode !== null) throw new Error("the server exited at start");
    try {
      const res = await fetch(`${url}/common/pub/getSystemInfo`, {
        method: "POST",
      });
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (i > 300) throw new Error("the server did not start");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const post = async (p, body, token) => {
    const res = await fetch(url + p, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        ...(token ? { Authorization: token } : {}),
      },
      body: JSON.stringify(body),
    });
    return res.json();
  };
  const call = async (p, body, token) => {
    const envelope = await post(p, body, token);
    if (envelope.code !== 0) throw new Error(`${p}: ${envelope.msg}`);
    return envelope.data;
  };
  return {
    url,
    post,
    call,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", resolve);
        child.kill("SIGTERM");
      }),
  };
}
