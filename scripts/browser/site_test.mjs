// The error index site in a real browser: headless Chromium (Debian's
// `chromium`), driven by playwright-core over the DevTools protocol.
// scripts/check_site.sh builds the site and runs this; see it for the
// install step.
//
//   node site_test.mjs --site DIR --catalog MERGED.json [--screenshots DIR]
//   node site_test.mjs --bench --site DIR [--rounds N]     (figures of docs/benchmarks.md)
//
// What it checks, from file:// as a reader opens a site on disk:
// - every index (the merged one and each program's) lists exactly the
//   catalog's codes, and every code's link opens its page (its <h1> is the
//   code);
// - typing in the search box filters the rows (each row shown exactly when
//   it holds every word typed), Escape clears it, `/` focuses it, a query
//   nothing matches says so, and ?q= opens filtered;
// - without JavaScript every row is there and the box is not;
// - no console error, no page error (a blocked request or a Content-Security-
//   Policy violation is one), and no request leaves the site's folder (every
//   request is recorded; any that is not a file under the folder fails the
//   run, and any http(s) one is aborted);
// - landmarks, one <h1>, a labelled search box, and text contrast of at
//   least 4.5:1 in the light and the dark scheme.

import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { chromium } from "playwright-core";

function options(argv) {
  const out = { rounds: 15 };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = () => argv[++i];
    if (arg === "--site") out.site = path.resolve(value());
    else if (arg === "--catalog") out.catalog = value();
    else if (arg === "--screenshots") out.screenshots = path.resolve(value());
    else if (arg === "--bench") out.bench = true;
    else if (arg === "--rounds") out.rounds = Number(value());
    else throw new Error(`unknown argument ${arg}`);
  }
  if (!out.site) throw new Error("--site DIR is required");
  return out;
}

const opts = options(process.argv.slice(2));
const executablePath = process.env.CHROMIUM || "/usr/bin/chromium";
const siteUrl = pathToFileURL(opts.site + path.sep).href;
const failures = [];
let checks = 0;

function check(ok, what) {
  checks++;
  if (!ok) {
    failures.push(what);
    console.log(`  FAIL ${what}`);
  }
}

const browser = await chromium.launch({
  executablePath,
  headless: true,
  // As root (CI), Chromium's sandbox needs a user namespace it may not have.
  args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-quic"],
});

/**
 * A context whose every request is recorded: one that is not under `base`
 * (the site's folder) is counted as leaving it, and aborted when it is not
 * a file.
 */
async function context(extra = {}, base = siteUrl) {
  const ctx = await browser.newContext({ viewport: { width: 1200, height: 900 }, ...extra });
  const outside = [];
  await ctx.route(/^(https?|wss?):/, (route) => {
    const url = route.request().url();
    if (url.startsWith(base)) return route.continue();
    outside.push(url);
    return route.abort();
  });
  ctx.on("request", (request) => {
    const url = request.url();
    if (!url.startsWith(base) && !outside.includes(url)) outside.push(url);
  });
  return { ctx, outside };
}

/** Serves `dir` at http://127.0.0.1:PORT/errors/, as a static host would. */
async function serve(dir) {
  const types = { ".html": "text/html; charset=utf-8", ".css": "text/css", ".js": "text/javascript", ".txt": "text/plain; charset=utf-8" };
  const server = http.createServer((req, res) => {
    const url = new URL(req.url, "http://127.0.0.1");
    const rel = decodeURIComponent(url.pathname);
    const file = path.join(dir, rel.replace(/^\/errors\//, "/"));
    if (!rel.startsWith("/errors/") || !file.startsWith(dir + path.sep) || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { "content-type": types[path.extname(file)] || "application/octet-stream" });
    res.end(fs.readFileSync(file));
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, base: `http://127.0.0.1:${server.address().port}/errors/` };
}

/** A page whose console errors and page errors are collected. */
async function page(ctx) {
  const p = await ctx.newPage();
  p.errors = [];
  p.on("console", (msg) => {
    if (msg.type() === "error" || msg.type() === "warning") p.errors.push(`${msg.type()}: ${msg.text()}`);
  });
  p.on("pageerror", (err) => p.errors.push(`page error: ${err.message}`));
  return p;
}

function pageFile(code) {
  // As sponson_codes::companion::site::page_file maps it.
  const name = code.replaceAll("::", "~");
  const lower = name.toLowerCase();
  const device = ["con", "prn", "aux", "nul"].includes(lower) || /^(com|lpt)[1-9]$/.test(lower);
  return name.startsWith(".") || lower === "index" || device ? `~${name}.html` : `${name}.html`;
}

if (opts.bench) {
  await bench();
} else {
  await test();
}
await browser.close();

if (!opts.bench) {
  console.log(`${checks - failures.length} passed, ${failures.length} failed`);
  process.exit(failures.length ? 1 : 0);
}

async function test() {
  const catalog = JSON.parse(fs.readFileSync(opts.catalog, "utf8"));
  const programs = catalog.programs.map((p) => p.name);
  const codesOf = (name) => [...new Set(catalog.codes.filter((c) => c.program === name).map((c) => c.code))];
  const { ctx, outside } = await context();
  const p = await page(ctx);

  // The merged index: every program's codes.
  console.log(`-- ${siteUrl}index.html`);
  await p.goto(siteUrl + "index.html");
  const all = await p.$$eval("#codes tbody tr th a", (links) => links.map((a) => a.getAttribute("href")));
  const expected = programs.flatMap((name) => codesOf(name).map((code) => `${name}/${pageFile(code)}`));
  check(JSON.stringify([...all].sort()) === JSON.stringify([...expected].sort()),
    `the merged index links every code of every program (${all.length} links, ${expected.length} codes)`);
  await structure(p, "the merged index");
  await search(p, "the merged index");

  // Each program's index, and every code page it links.
  let pages = 0;
  for (const name of programs) {
    const index = `${siteUrl}${name}/index.html`;
    console.log(`-- ${index}`);
    await p.goto(index);
    const rows = await p.$$eval("#codes tbody tr th a", (links) => links.map((a) => ({ href: a.getAttribute("href"), code: a.textContent })));
    const listed = [...new Set(rows.map((r) => r.code))].sort();
    check(JSON.stringify(listed) === JSON.stringify(codesOf(name).sort()), `${name}'s index lists exactly its codes`);
    await structure(p, `${name}'s index`);
    await search(p, `${name}'s index`);
    for (const row of rows) {
      const response = await p.goto(new URL(row.href, index).href);
      check(response && response.ok(), `${name}/${row.href} opens`);
      const h1 = await p.$eval("h1", (h) => h.textContent);
      check(h1 === row.code, `${name}/${row.href} is the page of ${row.code} (its h1 is ${h1})`);
      pages++;
    }
  }
  console.log(`-- opened ${pages} code pages`);

  // A link followed by a click, from the merged index.
  await p.goto(siteUrl + "index.html");
  const first = p.locator("#codes tbody tr th a").first();
  const code = await first.textContent();
  await first.click();
  await p.waitForLoadState();
  check((await p.$eval("h1", (h) => h.textContent)) === code, `clicking ${code} in the index opens its page`);
  await p.goBack();

  check(p.errors.length === 0, `no console errors (${p.errors.join("; ")})`);
  check(outside.length === 0, `no request leaves the site's folder (${outside.join(", ")})`);

  // From a static host: the same pages over HTTP, in a folder of the host.
  const host = await serve(opts.site);
  const web = await context({}, host.base);
  const w = await page(web.ctx);
  for (const rel of ["index.html", `${programs[0]}/index.html`, `${programs[0]}/${pageFile(codesOf(programs[0])[0])}`]) {
    const response = await w.goto(host.base + rel);
    check(response && response.ok(), `over HTTP, ${rel} opens`);
    if (rel.endsWith("index.html")) {
      check(await w.locator("#filter").isVisible(), `over HTTP, ${rel} has its search box`);
    }
  }
  check(w.errors.length === 0, `over HTTP, no console errors (${w.errors.join("; ")})`);
  check(web.outside.length === 0, `over HTTP, no request leaves the site's folder (${web.outside.join(", ")})`);
  await web.ctx.close();
  host.server.close();

  // Without JavaScript: every row, no search box.
  const noJs = await context({ javaScriptEnabled: false });
  const q = await page(noJs.ctx);
  await q.goto(siteUrl + "index.html");
  const rowsNoJs = await q.locator("#codes tbody tr").count();
  check(rowsNoJs === expected.length, `without JavaScript the index lists every code (${rowsNoJs})`);
  check(!(await q.locator("#filter").isVisible()), "without JavaScript there is no search box");
  await noJs.ctx.close();

  if (opts.screenshots) {
    fs.mkdirSync(opts.screenshots, { recursive: true });
    const shot = await page(ctx);
    await shot.setViewportSize({ width: 1100, height: 820 });
    await shot.goto(siteUrl + "index.html");
    await shot.locator("#filter").fill("lock");
    await shot.screenshot({ path: path.join(opts.screenshots, "site-index.png") });
    await shot.goto(`${siteUrl}plan/${pageFile("LOCK_HELD")}`);
    await shot.screenshot({ path: path.join(opts.screenshots, "site-code.png"), fullPage: true });
    console.log(`-- screenshots in ${opts.screenshots}`);
    check(shot.errors.length === 0, `no console errors while taking screenshots (${shot.errors.join("; ")})`);
  }
  await ctx.close();
}

/** Landmarks, headings, the search box's label, and contrast in both schemes. */
async function structure(p, what) {
  const found = await p.evaluate(() => ({
    main: document.querySelectorAll("main").length,
    header: document.querySelectorAll("body > header").length,
    footer: document.querySelectorAll("body > footer").length,
    nav: document.querySelectorAll("nav[aria-label]").length,
    h1: document.querySelectorAll("h1").length,
    label: document.getElementById("filter")?.labels?.length ?? 0,
    skip: document.querySelector("a.skip")?.getAttribute("href"),
    lang: document.documentElement.lang,
  }));
  check(found.main === 1 && found.header === 1 && found.footer === 1 && found.nav === 1,
    `${what} has a banner, a navigation, a main and a content info landmark`);
  check(found.h1 === 1, `${what} has one h1`);
  check(found.label === 1, `${what}'s search box has a label`);
  check(found.skip === "#main" && found.lang === "en", `${what} has a skip link and a language`);
  for (const scheme of ["light", "dark"]) {
    await p.emulateMedia({ colorScheme: scheme });
    const worst = await p.evaluate(contrast);
    check(worst.ratio >= 4.5, `${what} in the ${scheme} scheme: every text has a contrast of at least 4.5:1 (lowest ${worst.ratio.toFixed(2)}, ${worst.what})`);
  }
  await p.emulateMedia({ colorScheme: "light" });
}

/** In the page: the lowest contrast between a text and its background. */
function contrast() {
  const rgb = (color) => color.match(/[\d.]+/g).slice(0, 4).map(Number);
  const lum = ([r, g, b]) => {
    const f = (c) => { c /= 255; return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
  };
  const background = (el) => {
    for (; el; el = el.parentElement) {
      const c = rgb(getComputedStyle(el).backgroundColor);
      if (c.length < 4 || c[3] > 0) return c;
    }
    return [255, 255, 255];
  };
  let worst = { ratio: 99, what: "" };
  const selector = "h1, h2, h3, p, a, th, td, label, .tag, code, dt, dd, li, input";
  const seen = new Set();
  for (const el of document.querySelectorAll(selector)) {
    if (!el.textContent.trim() && el.tagName !== "INPUT") continue;
    const style = getComputedStyle(el);
    const key = style.color + "|" + background(el).join(",");
    if (seen.has(key)) continue;
    seen.add(key);
    const a = lum(rgb(style.color)), b = lum(background(el));
    const ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
    if (ratio < worst.ratio) worst = { ratio, what: `${el.tagName.toLowerCase()}.${el.className} ${style.color} on ${background(el)}` };
  }
  return worst;
}

/** Typing filters the rows; every row shown exactly when it holds every word. */
async function search(p, what) {
  const box = p.locator("#filter");
  check(await box.isVisible(), `${what} shows the search box`);
  const total = await p.locator("#codes tbody tr").count();
  await p.keyboard.press("/");
  check(await p.evaluate(() => document.activeElement?.id === "filter"), `${what}: / focuses the search box`);
  const word = await p.evaluate(() => {
    // A word of the first row's code that not every row holds.
    const rows = [...document.querySelectorAll("#codes tbody tr")];
    const codes = rows.map((r) => r.querySelector("th").textContent.toLowerCase());
    for (const code of codes) {
      for (const part of code.split(/[^a-z0-9]+/)) {
        const n = codes.filter((c) => c.includes(part)).length;
        if (part.length > 2 && n > 0 && n < codes.length) return part;
      }
    }
    return codes[0];
  });
  await box.pressSequentially(word, { delay: 5 });
  const state = await p.evaluate((word) => {
    const rows = [...document.querySelectorAll("#codes tbody tr")];
    const wrong = rows.filter((r) => r.textContent.replace(/\s+/g, " ").toLowerCase().includes(word) === r.hidden);
    return { shown: rows.filter((r) => !r.hidden).length, wrong: wrong.length, status: document.getElementById("shown").textContent };
  }, word);
  check(state.wrong === 0 && state.shown > 0 && state.shown < total,
    `${what}: typing "${word}" shows exactly the ${state.shown} of ${total} rows that hold it`);
  check(state.status === `${state.shown} of ${total} codes match.`, `${what}: the status says "${state.status}"`);
  await box.press("Escape");
  check((await p.locator("#codes tbody tr:not([hidden])").count()) === total, `${what}: Escape shows every row again`);
  await box.fill("no-such-code-anywhere");
  check(await p.locator("#none").isVisible(), `${what}: a query nothing matches says so`);
  check((await p.locator("#codes section[data-group]:not([hidden])").count()) === 0, `${what}: sections with no match are hidden`);
  await box.fill("");
  await p.goto(p.url().split("?")[0] + "?q=" + encodeURIComponent(word));
  check((await p.locator("#codes tbody tr:not([hidden])").count()) === state.shown, `${what}: ?q=${word} opens filtered`);
}

/** The filter's time on a large index, for docs/benchmarks.md. */
async function bench() {
  const { ctx, outside } = await context();
  const p = await page(ctx);
  const started = Date.now();
  await p.goto(siteUrl + "index.html", { waitUntil: "load" });
  const loaded = Date.now() - started;
  const rows = await p.locator("#codes tbody tr").count();
  // Queries as a reader types them: each prefix of a word, then words that
  // match many rows, few, one and none, then back to everything.
  const word = await p.$eval("#codes tbody tr th", (th) => th.textContent.trim().toLowerCase().split(/[^a-z0-9]+/)[0]);
  const queries = [];
  for (let i = 1; i <= word.length; i++) queries.push(word.slice(0, i));
  queries.push("e", "exit", "timeout 4", "zzzz", "");
  const keystroke = [];
  const script = [];
  for (let round = 0; round < opts.rounds; round++) {
    for (const query of queries) {
      const [total, sync] = await p.evaluate((query) => new Promise((resolve) => {
        const box = document.getElementById("filter");
        const t0 = performance.now();
        box.value = query;
        box.dispatchEvent(new Event("input"));
        const t1 = performance.now();
        // The frame that shows the result: style, layout and paint done.
        requestAnimationFrame(() => setTimeout(() => resolve([performance.now() - t0, t1 - t0]), 0));
      }), query);
      keystroke.push(total);
      script.push(sync);
    }
  }
  const median = (xs) => { const s = [...xs].sort((a, b) => a - b); return s[Math.floor(s.length / 2)]; };
  const p95 = (xs) => { const s = [...xs].sort((a, b) => a - b); return s[Math.floor(s.length * 0.95)]; };
  const max = (xs) => Math.max(...xs);
  const result = {
    rows,
    load_ms: loaded,
    queries: queries.length * opts.rounds,
    filter_script_ms: { median: median(script), p95: p95(script), max: max(script) },
    to_next_frame_ms: { median: median(keystroke), p95: p95(keystroke), max: max(keystroke) },
    console_errors: p.errors.length,
    outside_requests: outside.length,
  };
  console.log(JSON.stringify(result));
  await ctx.close();
}
