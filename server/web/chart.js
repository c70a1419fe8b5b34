// The evening's running totals, and a season's nets, drawn in the page as SVG text, so the phone's own fonts draw the
// players' names (Chinese names too).
"use strict";

const Chart = (() => {
  const NS = "http://www.w3.org/2000/svg";
  const COLOURS = ["#1f4e8c", "#c0392b", "#1e7b4f", "#8e44ad"];

  function el(name, attrs, text) {
    const e = document.createElementNS(NS, name);
    for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
    if (text !== undefined) e.textContent = text;
    return e;
  }

  // draw plots each player's total after every hand of history (ledger entries with totals).
  function draw(players, history, title) {
    const W = 640, H = 260, L = 48, R = 96, T = 16, B = 28;
    const series = players.map((p) => [0, ...history.map((e) => (e.totals && e.totals[p] !== undefined ? Number(e.totals[p]) : NaN))]);
    const vals = series.flat().filter((v) => !Number.isNaN(v));
    let lo = Math.min(0, ...vals), hi = Math.max(0, ...vals);
    if (lo === hi) { lo -= 1; hi += 1; }
    const n = Math.max(1, history.length);
    const x = (i) => L + (i / n) * (W - L - R);
    const y = (v) => T + (1 - (v - lo) / (hi - lo)) * (H - T - B);
    const svg = el("svg", { viewBox: "0 0 " + W + " " + H, id: "ledger-chart", role: "img", "aria-label": title, class: "chart" });
    svg.appendChild(el("title", {}, title));
    svg.appendChild(el("line", { x1: L, x2: W - R, y1: y(0), y2: y(0), class: "axis" }));
    for (const v of [lo, 0, hi]) svg.appendChild(el("text", { x: L - 6, y: y(v), "text-anchor": "end", "dominant-baseline": "central", class: "tick" }, String(Math.round(v))));
    for (let i = 1; i <= history.length; i++) svg.appendChild(el("text", { x: x(i), y: H - 8, "text-anchor": "middle", class: "tick" }, String(history[i - 1].number)));
    series.forEach((s, p) => {
      const pts = s.map((v, i) => [x(i), y(Number.isNaN(v) ? 0 : v)]);
      svg.appendChild(el("polyline", { points: pts.map((q) => q.join(",")).join(" "), fill: "none", stroke: COLOURS[p % 4], "stroke-width": 2.5 }));
      const last = pts[pts.length - 1];
      svg.appendChild(el("circle", { cx: last[0], cy: last[1], r: 3.5, fill: COLOURS[p % 4] }));
      svg.appendChild(el("text", { x: last[0] + 8, y: last[1] + (p - 1.5) * 3, "dominant-baseline": "central", fill: COLOURS[p % 4], class: "name" }, players[p] + " " + s[s.length - 1]));
    });
    return svg;
  }

  const SEASON_COLOURS = ["#1f4e8c", "#c0392b", "#1e7b4f", "#8e44ad", "#b9770e", "#117a8b", "#6e2c00", "#555555"];

  // season plots each player's net after every evening they played (standings of the season
  // document, each with by_evening [{evening, total}]) over evenings evenings, from 0 before the
  // first: the names beside the lines' ends, moved apart so that none covers another.
  function season(standings, evenings, title) {
    const W = 640, H = 300, L = 56, R = 132, T = 16, B = 28, GAP = 13;
    const vals = standings.flatMap((s) => s.by_evening.map((p) => Number(p.total)));
    let lo = Math.min(0, ...vals), hi = Math.max(0, ...vals);
    if (lo === hi) { lo -= 1; hi += 1; }
    const n = Math.max(1, evenings);
    const x = (i) => L + (i / n) * (W - L - R);
    const y = (v) => T + (1 - (v - lo) / (hi - lo)) * (H - T - B);
    const svg = el("svg", { viewBox: "0 0 " + W + " " + H, id: "season-chart", role: "img", "aria-label": title, class: "chart" });
    svg.appendChild(el("title", {}, title));
    svg.appendChild(el("line", { x1: L, x2: W - R, y1: y(0), y2: y(0), class: "axis" }));
    for (const v of [lo, 0, hi]) svg.appendChild(el("text", { x: L - 6, y: y(v), "text-anchor": "end", "dominant-baseline": "central", class: "tick" }, String(Math.round(v))));
    const every = Math.max(1, Math.ceil(evenings / 12)); // at most a dozen evening numbers
    for (let i = every; i <= evenings; i += every) svg.appendChild(el("text", { x: x(i), y: H - 8, "text-anchor": "middle", class: "tick" }, String(i)));
    const ends = [];
    standings.forEach((s, k) => {
      const colour = SEASON_COLOURS[k % SEASON_COLOURS.length];
      const pts = [[x(0), y(0)], ...s.by_evening.map((p) => [x(p.evening), y(Number(p.total))])];
      svg.appendChild(el("polyline", { points: pts.map((q) => q.join(",")).join(" "), fill: "none", stroke: colour, "stroke-width": 2, "data-player": s.player }));
      const last = pts[pts.length - 1];
      svg.appendChild(el("circle", { cx: last[0], cy: last[1], r: 3, fill: colour }));
      ends.push({ s, colour, x: last[0], y: last[1] });
    });
    // The names in the right margin, in the order of their lines' ends, GAP apart at least.
    ends.sort((a, b) => a.y - b.y);
    let at = -Infinity;
    for (const e of ends) { e.ly = Math.max(e.y, at + GAP); at = e.ly; }
    const over = at - (H - B);
    if (over > 0) for (const e of ends) e.ly -= over;
    for (const e of ends) {
      svg.appendChild(el("text", { x: W - R + 8, y: e.ly, "dominant-baseline": "central", fill: e.colour, class: "name" }, e.s.player + " " + e.s.net));
    }
    return svg;
  }

  return { draw, season };
})();
