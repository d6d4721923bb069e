// The one table `npm run bench` ends with: each workload's figure, the ceiling measured in
// the same run, their ratio and the target (issue 14, reference/benchmarks.md §6.2).

const n = (x) => Math.round(x).toLocaleString("en-US");
const r = (x) => (Number.isFinite(x) ? x.toFixed(2) : "—");

/** A table row; `met` is null where this run has no figure to hold against the target. */
function row(workload, parley, ceiling, ratio, target, met) {
  return {
    workload,
    parley,
    ceiling,
    ratio,
    target,
    met: met === null ? "—" : met ? "yes" : "no",
  };
}

/** The rows of a run's results (bench/run.mjs's JSON). */
export function summaryRows(results) {
  const rows = [];
  const { api } = results;
  if (api) {
    rows.push(
      row(
        "W4b trivial authenticated call",
        `${n(api.trivial.product.reqPerSec)} req/s`,
        `${n(api.trivial.ceiling.reqPerSec)} req/s bare`,
        r(api.trivial.ratio),
        "≥ 0.60",
        api.trivial.ratio >= 0.6,
      ),
      row(
        "    getSystemInfo (cached config)",
        `${n(api.sysinfo.product.reqPerSec)} req/s`,
        `${n(api.sysinfo.ceiling.reqPerSec)} req/s bare`,
        r(api.sysinfo.ratio),
        "≥ 0.60",
        api.sysinfo.ratio >= 0.6,
      ),
      ...(api.friends
        ? [
            row(
              `W4b getContacts (${n(api.friends.listed ?? 0)} contacts)`,
              `${n(api.friends.product.reqPerSec)} req/s`,
              `${n(api.friends.ceiling.reqPerSec)} req/s bare`,
              r(api.friends.ratio),
              "≥ 0.15",
              api.friends.ratio >= 0.15,
            ),
          ]
        : []),
      row(
        `    getContacts (${n(api.contacts.listed ?? 0)} contacts)`,
        `${n(api.contacts.product.reqPerSec)} req/s`,
        `${n(api.contacts.ceiling.reqPerSec)} req/s bare`,
        r(api.contacts.ratio),
        "—",
        null,
      ),
      ...(api.contactsSame
        ? [
            row(
              `      vs the same ${n((api.contactsSame.bytes ?? 0) / 1000)} kB answer`,
              `${n(api.contactsSame.product.reqPerSec)} req/s`,
              `${n(api.contactsSame.ceiling.reqPerSec)} req/s bare`,
              r(api.contactsSame.ratio),
              "—",
              null,
            ),
          ]
        : []),
      row(
        "W5 login burst (16 at a time)",
        `${n(api.login.product.reqPerSec)} logins/s`,
        `${n(api.login.ceiling.reqPerSec)} argon2id/s`,
        r(api.login.ratio),
        "≥ 0.80",
        api.login.ratio >= 0.8,
      ),
      row(
        "W6 idle bound socket memory",
        `${r(api.sockets.productKbPerSocket)} KB/socket`,
        `${r(api.sockets.rawKbPerSocket)} KB raw ws`,
        r(api.sockets.ratio),
        "≤ 2.00",
        api.sockets.ratio <= 2,
      ),
    );
  }
  const { W1c } = results;
  if (W1c?.closed)
    rows.push(
      row(
        "W1c 1:1 durable sends, closed loop",
        `${n(W1c.closed.msgsPerSec)} msgs/s, p99 ${r(W1c.closed.sendToReceiveMs.p99)} ms`,
        `server ${n(W1c.closed.serverCpuUsPerMsg)} µs CPU/msg`,
        "—",
        "≥ 5,000 msgs/s",
        W1c.closed.msgsPerSec >= 5000,
      ),
      row(
        "W2 1:1 sends, open loop at 25 %",
        `${n(W1c.open.msgsPerSec)} msgs/s, p99 ${r(W1c.open.sendToReceiveMs.p99)} ms`,
        `server ${n(W1c.open.serverCpuUsPerMsg)} µs CPU/msg`,
        "—",
        "p99 ≤ 50 ms",
        W1c.open.sendToReceiveMs.p99 <= 50,
      ),
    );
  const { uploads } = results;
  if (uploads)
    rows.push(
      row(
        "20 MB upload",
        `${r(uploads.uploadMbPerSec)} MB/s`,
        `${r(uploads.bareStreamMbPerSec)} MB/s bare stream`,
        r(uploads.ratio),
        "≥ 0.70",
        uploads.ratio >= 0.7,
      ),
      row(
        "    the server per 20 MB upload",
        `${r(uploads.serverCpuMsPerUpload)} ms CPU, RSS ${n(uploads.serverRssMb.before)}→${n(uploads.serverRssMb.peak)} MB`,
        "—",
        "—",
        "RSS < +20 MB",
        uploads.serverRssMb.peak - uploads.serverRssMb.before < 20,
      ),
    );
  const { W4, W4s } = results;
  if (W4)
    rows.push(
      row(
        `W4 history page, ${n(W4.messages)} messages, newest`,
        `${n(W4.newestPage.reqPerSec)} req/s, p99 ${r(W4.newestPage.p99)} ms`,
        W4.bareNewest
          ? `${n(W4.bareNewest.reqPerSec)} req/s bare + same query`
          : "—",
        r(W4.newestOverBare),
        "≥ 0.80",
        W4.newestOverBare === undefined ? null : W4.newestOverBare >= 0.8,
      ),
      row(
        "    the same at the oldest cursor",
        `${n(W4.oldestPage.reqPerSec)} req/s, p99 ${r(W4.oldestPage.p99)} ms`,
        W4.bareOldest
          ? `${n(W4.bareOldest.reqPerSec)} req/s bare + same query`
          : "—",
        r(W4.oldestOverBare),
        "≥ 0.80",
        W4.oldestOverBare === undefined ? null : W4.oldestOverBare >= 0.8,
      ),
      ...(W4.answerBytes
        ? [
            row(
              "    bytes of a page's answer",
              n(W4.answerBytes.product),
              `${n(W4.answerBytes.bare)} (same messages)`,
              "",
              "",
              null,
            ),
          ]
        : []),
      row(
        "    oldest page / newest, p99",
        `${r(W4.oldestPage.p99)} / ${r(W4.newestPage.p99)} ms`,
        "—",
        r(W4.oldestOverNewestP99),
        "≤ 1.50",
        W4.oldestOverNewestP99 <= 1.5,
      ),
    );
  if (W4s)
    rows.push(
      row(
        "W4s history search (worst query)",
        "product",
        "bare route, same queries",
        r(W4s.worstProductOverBare),
        "≥ 0.80",
        W4s.worstProductOverBare >= 0.8,
      ),
      row(
        "    oldest page / newest, p99",
        "—",
        "—",
        r(W4s.worstOldestOverNewestP99),
        "≤ 1.50",
        W4s.worstOldestOverNewestP99 <= 1.5,
      ),
    );
  const { W4sGlobal } = results;
  if (W4sGlobal)
    rows.push(
      row(
        "W4s global search (worst query)",
        `${n(W4sGlobal.messages)} msgs in ${n(W4sGlobal.chats)} chats`,
        "bare route, same statements",
        r(W4sGlobal.worstProductOverBare),
        "≥ 0.80",
        W4sGlobal.worstProductOverBare >= 0.8,
      ),
      row(
        "    old page / newest, p99",
        "—",
        "—",
        r(W4sGlobal.worstOldestOverNewestP99),
        "≤ 1.50",
        W4sGlobal.worstOldestOverNewestP99 <= 1.5,
      ),
    );
  const { W7 } = results;
  if (W7)
    rows.push(
      row(
        "W7 cold start to first answer",
        `${n(W7.productMs)} ms`,
        `${n(W7.bareMs)} ms bare`,
        r(W7.ratio),
        "≤ 3.00",
        W7.ratio <= 3,
      ),
    );
  const groups = results.W1a?.groups ?? {};
  if (groups.g50?.productOverCeiling !== undefined)
    rows.push(
      row(
        "W1a fan-out, groups of 50",
        `${n(groups.g50.productDeliveriesPerSec)} deliveries/s`,
        `${n(groups.g50.ceilingDeliveriesPerSec)} raw ws`,
        r(groups.g50.productOverCeiling),
        "≥ 0.50",
        groups.g50.productOverCeiling >= 0.5,
      ),
    );
  const steady = groups.g10k?.runs?.findLast((run) => run.side === "product");
  if (steady)
    rows.push(
      row(
        "    group of 10,000: all online reached",
        `p95 ${n(steady.lastMemberReachedMs.p95)} ms`,
        "—",
        "—",
        "< 500 ms",
        steady.lastMemberReachedMs.p95 < 500,
      ),
    );
  const reactions = results.W1a?.reactionStorm;
  const g10k = groups.g10k;
  if (reactions)
    rows.push(
      row(
        `    reaction storm, ${n(reactions.reactors)} in 1 s to ${n(reactions.receivers)} online`,
        `all reached in ${n(reactions.allReachedMs)} ms, ${n(reactions.framesPerSec)} frames/s (${reactions.pushesPerMember} per member)`,
        g10k?.productDeliveriesPerSec !== undefined
          ? `${n(g10k.productDeliveriesPerSec)} deliveries/s fan-out`
          : "—",
        g10k?.productDeliveriesPerSec
          ? r(reactions.framesPerSec / g10k.productDeliveriesPerSec)
          : "—",
        "none lost",
        reactions.lost + reactions.refused === 0,
      ),
    );
  const storm = results.W1a?.storm;
  if (storm)
    rows.push(
      row(
        `W6 reconnect storm, ${n(storm.sockets)} sockets`,
        `all caught up in ${n(storm.allCaughtUpMs)} ms (p99 ${n(storm.perMemberMs.p99)})`,
        `${n(storm.rawConnectMs)} ms raw ws connects`,
        r(storm.allCaughtUpMs / storm.rawConnectMs),
        "none failed or behind",
        storm.failed + storm.behind === 0,
      ),
    );
  const { W8 } = results;
  if (W8) {
    const single = results.W1c;
    const scaledRuns = [W8.closed, W8.open];
    const crossLost = scaledRuns.reduce(
      (sum, run) => sum + run.lost + run.duplicates + run.outOfOrder,
      0,
    );
    rows.push(
      row(
        `W8 1:1 sends, 2 processes (${W8.storage})`,
        `${n(W8.closed.msgsPerSec)} msgs/s, p99 ${r(W8.closed.sendToReceiveMs.p99)} ms`,
        single?.closed
          ? `${n(single.closed.msgsPerSec)} msgs/s 1 process`
          : "—",
        single?.closed
          ? r(W8.closed.msgsPerSec / single.closed.msgsPerSec)
          : "—",
        "≥ 0.35",
        single?.closed
          ? W8.closed.msgsPerSec / single.closed.msgsPerSec >= 0.35
          : null,
      ),
      row(
        "    insert path against pgbench",
        `${n(W8.closed.msgsPerSec)} msgs/s`,
        `${n(W8.pgbenchInsertTps)} single-row INSERT/s`,
        r(W8.closed.msgsPerSec / W8.pgbenchInsertTps),
        "≥ 0.50",
        W8.closed.msgsPerSec / W8.pgbenchInsertTps >= 0.5,
      ),
      row(
        `    open loop at ${n(W8.open.offeredPerSec)} msgs/s`,
        `p99 ${r(W8.open.sendToReceiveMs.p99)} ms`,
        single?.open
          ? `p99 ${r(single.open.sendToReceiveMs.p99)} ms 1 process`
          : "—",
        "—",
        "≤ 1 process + 5 ms",
        single?.open && single.open.offeredPerSec === W8.open.offeredPerSec
          ? W8.open.sendToReceiveMs.p99 <= single.open.sendToReceiveMs.p99 + 5
          : null,
      ),
      row(
        "    delivered across processes",
        `${n(W8.closed.delivered + W8.open.delivered)} of ${n(W8.closed.sent + W8.open.sent)}`,
        `Redis ${n(W8.redisPublishPerSec)} PUBLISH/s`,
        "—",
        "all, in order, once",
        crossLost === 0,
      ),
      row(
        "    Redis PUBLISH per message",
        r(
          Math.max(
            W8.closed.redisPublishesPerMsg,
            W8.open.redisPublishesPerMsg,
          ),
        ),
        "—",
        "—",
        "≤ 2",
        Math.max(
          W8.closed.redisPublishesPerMsg,
          W8.open.redisPublishesPerMsg,
        ) <= 2,
      ),
    );
    const g50 = W8.W1a?.groups?.g50;
    if (g50?.productDeliveriesPerSec !== undefined) {
      const oneProcess = results.W1a?.groups?.g50?.productDeliveriesPerSec;
      const productRuns = (g50.runs ?? []).filter(
        (run) => run.side === "product",
      );
      const perMsg = Math.max(
        ...productRuns.map((run) => run.redisPublishesPerMsg ?? 0),
      );
      rows.push(
        row(
          "W8 fan-out, groups of 50, 2 processes",
          `${n(g50.productDeliveriesPerSec)} deliveries/s`,
          oneProcess === undefined
            ? `${n(g50.ceilingDeliveriesPerSec)} raw ws`
            : `${n(oneProcess)} 1 process`,
          oneProcess === undefined
            ? r(g50.productOverCeiling)
            : r(g50.productDeliveriesPerSec / oneProcess),
          oneProcess === undefined ? "—" : "≥ 0.35",
          oneProcess === undefined
            ? null
            : g50.productDeliveriesPerSec / oneProcess >= 0.35,
        ),
        row(
          "    lost, duplicated, reordered; PUBLISH/msg",
          `${n(productRuns.reduce((sum, run) => sum + run.lost + run.duplicates + run.outOfOrder, 0))}; ${r(perMsg)}`,
          "—",
          "—",
          "0; ≤ 2",
          productRuns.every(
            (run) => run.lost + run.duplicates + run.outOfOrder === 0,
          ) && perMsg <= 2,
        ),
      );
    }
  }
  const { F1 } = results;
  if (F1)
    for (const [screen, budget] of [
      ["login", 150],
      ["chat", 350],
    ])
      rows.push(
        row(
          `F1 ${screen === "login" ? "/login" : "chat screen"} JavaScript, gzipped`,
          `${r(F1[screen].gzipBytes / 1000)} kB`,
          "—",
          "—",
          `≤ ${budget} kB`,
          F1[screen].gzipBytes / 1000 <= budget,
        ),
      );
  const F2 = F1?.F2;
  if (F2) {
    for (const screen of ["login", "chat"]) {
      const slow = F2[`${screen}4x`];
      const fast = F2[`${screen}1x`];
      rows.push(
        row(
          `F2 ${screen === "login" ? "/login" : "chat shell"} LCP, CPU 4× slower`,
          `${n(slow.lcpMs)} ms (full speed ${n(fast.lcpMs)} ms)`,
          "—",
          "—",
          "≤ 2,500 ms",
          slow.lcpMs <= 2500,
        ),
      );
    }
    const cls = Math.max(...Object.values(F2).map((v) => v.cls));
    rows.push(
      row(
        "    layout shift (worst)",
        String(cls),
        "—",
        "—",
        "≤ 0.05",
        cls <= 0.05,
      ),
    );
  }
  const F3 = F1?.F3;
  if (F3) {
    const most = Math.max(
      F3.opened.elements,
      F3.arriving.elements,
      F3.pagedBack.elements,
    );
    rows.push(
      row(
        `F3 DOM elements, a ${n(F3.messages)}-message chat`,
        `${n(most)} at most (opened in ${n(F3.mountMs)} ms)`,
        "—",
        "—",
        "≤ 800",
        most <= 800,
      ),
    );
  }
  return rows;
}

/** The rows as aligned text. */
export function summaryTable(results) {
  const rows = summaryRows(results);
  const head = {
    workload: "workload",
    parley: "Parley",
    ceiling: "ceiling (same run)",
    ratio: "ratio",
    target: "target",
    met: "met",
  };
  const keys = Object.keys(head);
  const width = Object.fromEntries(
    keys.map((k) => [k, Math.max(...[head, ...rows].map((x) => x[k].length))]),
  );
  const line = (x) => keys.map((k) => x[k].padEnd(width[k])).join("  ");
  return [
    line(head),
    keys.map((k) => "-".repeat(width[k])).join("  "),
    ...rows.map(line),
  ].join("\n");
}
