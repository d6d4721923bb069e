import { type GlobalConfig, pub } from "@parley/protocol";
import { useEffect, useState } from "react";
import { call } from "../api/http";

/** The placeholder page until the client's skeleton lands: the product's name and state. */
export function App() {
  const [config, setConfig] = useState<GlobalConfig | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    call(pub.getSystemInfo).then(setConfig, () => setFailed(true));
  }, []);

  return (
    <main
      style={{
        fontFamily: "system-ui, sans-serif",
        margin: "4rem auto",
        maxWidth: 480,
        textAlign: "center",
      }}
    >
      <h1>{config?.sysInfo.name ?? "Parley"}</h1>
      <p role="status">{failed ? "—" : config ? `v${config.version}` : "…"}</p>
    </main>
  );
}
