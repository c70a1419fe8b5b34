// mjref tiles: every tile drawn as our own SVG, labelled in MPSZ notation and in Chinese.
"use strict";

const Tiles = (() => {
  const NS = "http://www.w3.org/2000/svg";
  const NUMERALS = ["一", "二", "三", "四", "五", "六", "七", "八", "九"];
  const HONOURS = ["東", "南", "西", "北", "白", "發", "中"];
  const HONOUR_EN = ["East", "South", "West", "North", "White", "Green", "Red"];
  const BONUS = ["梅", "蘭", "菊", "竹", "春", "夏", "秋", "冬"];
  const SUIT_ZH = { m: "萬", p: "筒", s: "索" };
  const SUIT_EN = { m: "characters", p: "dots", s: "bamboo" };

  // Where the pips of 1 to 9 dots or bamboo sit on a 60 x 80 tile.
  const PIPS = [
    [[30, 40]],
    [[30, 24], [30, 56]],
    [[16, 20], [30, 40], [44, 60]],
    [[19, 24], [41, 24], [19, 56], [41, 56]],
    [[18, 20], [42, 20], [30, 40], [18, 60], [42, 60]],
    [[19, 18], [41, 18], [19, 40], [41, 40], [19, 62], [41, 62]],
    [[15, 14], [30, 21], [45, 28], [19, 46], [41, 46], [19, 64], [41, 64]],
    [[19, 14], [41, 14], [19, 31], [41, 31], [19, 48], [41, 48], [19, 65], [41, 65]],
    [[15, 18], [30, 18], [45, 18], [15, 40], [30, 40], [45, 40], [15, 62], [30, 62], [45, 62]],
  ];

  function el(name, attrs, text) {
    const e = document.createElementNS(NS, name);
    for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
    if (text !== undefined) e.textContent = text;
    return e;
  }

  function glyph(svg, text, x, y, size, cls) {
    svg.appendChild(el("text", { x, y, "font-size": size, "text-anchor": "middle", "dominant-baseline": "central", class: cls }, text));
  }

  // label is a tile's names: MPSZ ("5m"), Chinese ("五萬") and English ("5 characters").
  function label(code) {
    const n = Number(code[0]);
    const s = code[1];
    if (code === "J") return { mpsz: "J", zh: "百搭", en: "joker" };
    if (s === "z") return { mpsz: code, zh: HONOURS[n - 1], en: HONOUR_EN[n - 1] };
    if (s === "f") return { mpsz: code, zh: BONUS[n - 1], en: (n <= 4 ? "flower " : "season ") + ((n - 1) % 4 + 1) };
    return { mpsz: code, zh: NUMERALS[n - 1] + SUIT_ZH[s], en: n + " " + SUIT_EN[s] };
  }

  // svg draws one tile ("5m", "7z", "3f", "J") as an SVG element with its labels.
  function svg(code) {
    const n = Number(code[0]);
    const s = code[1];
    const l = label(code);
    const t = el("svg", { viewBox: "0 0 60 84", class: "tile tile-" + (s || "j"), role: "img", "aria-label": l.mpsz + " " + l.zh });
    t.appendChild(el("title", {}, l.mpsz + " " + l.zh + " (" + l.en + ")"));
    t.appendChild(el("rect", { x: 1.5, y: 1.5, width: 57, height: 81, rx: 7, class: "face" }));
    if (code === "J") {
      glyph(t, "百", 30, 28, 22, "ink-red");
      glyph(t, "搭", 30, 54, 22, "ink-red");
    } else if (s === "m") {
      glyph(t, NUMERALS[n - 1], 30, 24, 24, "ink-blue");
      glyph(t, "萬", 30, 54, 26, "ink-red");
    } else if (s === "p") {
      for (const [x, y] of PIPS[n - 1]) {
        const r = n === 1 ? 15 : n <= 4 ? 9 : n <= 6 ? 8 : 6.5;
        t.appendChild(el("circle", { cx: x, cy: y, r, class: (x + y) % 3 === 0 ? "pip-red" : "pip-blue" }));
        t.appendChild(el("circle", { cx: x, cy: y, r: r * 0.45, class: "pip-core" }));
      }
    } else if (s === "s") {
      for (const [x, y] of PIPS[n - 1]) {
        const h = n === 1 ? 40 : n <= 4 ? 22 : n <= 6 ? 17 : 13;
        t.appendChild(el("rect", { x: x - 3.5, y: y - h / 2, width: 7, height: h, rx: 3, class: n === 1 || (n === 5 && x === 30) ? "stick-red" : "stick-green" }));
      }
    } else if (s === "z") {
      const cls = n === 5 ? "ink-blue" : n === 6 ? "ink-green" : n === 7 ? "ink-red" : "ink-black";
      if (n === 5) t.appendChild(el("rect", { x: 12, y: 16, width: 36, height: 46, rx: 4, class: "white-frame" }));
      else glyph(t, HONOURS[n - 1], 30, 38, 34, cls);
    } else if (s === "f") {
      glyph(t, BONUS[n - 1], 30, 34, 28, n <= 4 ? "ink-red" : "ink-green");
      glyph(t, String((n - 1) % 4 + 1), 48, 62, 12, "ink-black");
    }
    t.appendChild(el("text", { x: 30, y: 78, "font-size": 11, "text-anchor": "middle", class: "mpsz" }, l.mpsz));
    return t;
  }

  // all lists every tile kind a picker offers: the suits, the honours, the bonus tiles, the joker.
  function all() {
    const out = { m: [], p: [], s: [], z: [], f: [] };
    for (const s of ["m", "p", "s"]) for (let n = 1; n <= 9; n++) out[s].push(n + s);
    for (let n = 1; n <= 7; n++) out.z.push(n + "z");
    for (let n = 1; n <= 8; n++) out.f.push(n + "f");
    return out;
  }

  // sortKey orders tiles as hands are written: m, p, s, z, then numbers.
  function sortKey(code) {
    if (code === "J") return 99;
    return "mpszf".indexOf(code[1]) * 10 + Number(code[0]);
  }

  return { svg, label, all, sortKey };
})();
