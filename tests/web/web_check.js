// web_check.js: drives headless Chromium (puppeteer-core) through the web
// book's "Run it here" panels for tests/web/web_check.py, which plans the
// runs, serves the book and judges what this script saw.
//
//   node web_check.js PLAN.json RESULTS.json
//
// PLAN.json: {"chromium": EXE, "base": "http://127.0.0.1:PORT/", "out": DIR,
//             "jobs": [JOB, ...]}
// A job is the steps of one page, loaded once ({"page": "07-gpu-skinning.html",
// "steps": [...]}). A step either clicks the panel's Run button:
//   {"query": "?time=2&frames=3", "until": "exit" | "frames", "shot": NAME}
// ("query" puts a new address in place without reloading the page, as a
// reader's second run would; the first step's query is the loaded address;
// "reload": true loads the page at that address instead;
// "until": "frames" waits for 3 frames of a program that runs on; "shot"
// saves window.sa_run.screenshot as OUT/NAME.png), or presses keys and looks
// at the canvas:
//   {"keys": {"pause": true, "key": "KeyG", "region": [x0, y0, x1, y1]}}
// (with "pause", Space first stops the clock, and two looks 400 ms apart
// must agree; then the key is pressed and the region is looked at again;
// with "hold": true the key is held down for 2 s and 30 frames instead, and the
// whole canvas is compared too: picture_still_differing between the two
// looks before, picture_differing after).
// RESULTS.json gets, for each job, each step's window.sa_run (less the
// screenshot's data), the panel's output and status text as the page shows
// them, and the console errors and page errors seen during the step.
"use strict";
const fs = require("fs");
const path = require("path");
const puppeteer = require("puppeteer-core");

const plan = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// Waits until test(sa_run) holds; false after timeout_ms.
async function wait_run(page, test_source, timeout_ms) {
  try {
    await page.waitForFunction(`window.sa_run && (${test_source})(window.sa_run)`, { timeout: timeout_ms, polling: 50 });
    return true;
  } catch (e) {
    return false;
  }
}

// The canvas as the page shows it (the compositor's picture: a WebGL
// canvas's own buffer is gone after each frame), kept in the page under name.
async function look(page, name) {
  const canvas = await page.$(".run-it-here canvas");
  const png = await canvas.screenshot({ encoding: "base64" });
  await page.evaluate(async (name, png) => {
    const img = new Image();
    img.src = "data:image/png;base64," + png;
    await img.decode();
    const c = new OffscreenCanvas(img.width, img.height);
    const g = c.getContext("2d");
    g.drawImage(img, 0, 0);
    window.__looks = window.__looks || {};
    window.__looks[name] = { image: g.getImageData(0, 0, img.width, img.height), canvas_width: document.querySelector(".run-it-here canvas").width };
  }, name, png);
}

// Pixels of region (canvas pixels, scaled to the picture) whose R, G or B
// differ by more than 2 between two looks.
function differ(page, a, b, region) {
  return page.evaluate((a, b, region) => {
    const A = window.__looks[a], B = window.__looks[b];
    const scale = A.image.width / A.canvas_width;
    const [x0, y0, x1, y1] = region.map((v) => Math.round(v * scale));
    let count = 0;
    for (let y = y0; y < Math.min(y1, A.image.height); y++)
      for (let x = x0; x < Math.min(x1, A.image.width); x++) {
        const i = (y * A.image.width + x) * 4;
        if (Math.abs(A.image.data[i] - B.image.data[i]) > 2 || Math.abs(A.image.data[i + 1] - B.image.data[i + 1]) > 2 ||
            Math.abs(A.image.data[i + 2] - B.image.data[i + 2]) > 2)
          count++;
      }
    return count;
  }, a, b, region);
}

async function keys_step(page, step, result) {
  const k = step.keys;
  // A key press shows the focused canvas's focus ring (:focus-visible), a
  // change of the page, not of the program: hidden while the test looks.
  await page.addStyleTag({ content: ".run-it-here canvas { outline: none !important; }" });
  const frames = () => page.evaluate(() => window.sa_run.frames);
  // Some frames must pass after a key: the program polls its keys once a frame.
  const frames_later = async (n) => {
    const start = await frames();
    await wait_run(page, `(r) => r.frames >= ${start + n} || r.state === "exited"`, 10000);
  };
  // Frames must come: 3 more within 10 s (2 cores shared by a build can
  // stall a software-rendered page for a moment).
  result.frames_before = await frames();
  await frames_later(3);
  result.frames_later = await frames();
  if (k.pause) {
    await page.keyboard.press("Space");
    await frames_later(3);
  }
  await look(page, "before");
  await wait(400);
  await frames_later(2);
  await look(page, "before_again");
  result.still_differing = await differ(page, "before", "before_again", k.region);
  if (k.hold) {
    // A key the program reads while it is held (chapter 14's stick): down for
    // 2 s and at least 30 frames, looked at while still down, then let go. Time,
    // not frames alone: the program steps by the clock, and on a fast machine
    // 30 frames are half a second, the character barely off (CI saw 5,900
    // pixels change where 2 s here changes 17,000).
    await page.keyboard.down(k.key);
    await wait(2000);
    await frames_later(30);
    await look(page, "after");
    await page.keyboard.up(k.key);
    result.picture_still_differing = await differ(page, "before", "before_again", [0, 0, 4096, 4096]);
    result.picture_differing = await differ(page, "before_again", "after", [0, 0, 4096, 4096]);
  } else {
    await page.keyboard.press(k.key);
    await frames_later(3);
    await look(page, "after");
  }
  result.key_differing = await differ(page, "before_again", "after", k.region);
}

async function click_step(page, step, result, job) {
  if (step.reload) await page.goto(plan.base + job.page + step.query, { waitUntil: "load" });
  else if (step.query !== undefined && !step.first)
    await page.evaluate((q) => history.replaceState(null, "", q), job.page + step.query);
  // A disabled button is what a reader finds: no click, no run (and no wait for one).
  result.disabled_before_click = await page.$eval(".run-it-here button.run", (b) => b.disabled);
  if (!result.disabled_before_click) await page.click(".run-it-here button.run");
  const done = step.until === "frames" ? `(r) => r.frames >= 3 || r.state === "exited"` : `(r) => r.state === "exited"`;
  result.waited = !result.disabled_before_click && await wait_run(page, done, (step.timeout_s || 60) * 1000);
  // The status line and the output are written as the run ends: one breath.
  await wait(100);
  Object.assign(result, await page.evaluate(() => {
    const r = Object.assign({}, window.sa_run);
    const shot = r.screenshot;
    delete r.screenshot;
    const panel = document.querySelector(".run-it-here");
    return { run: r, shot, output_text: panel.querySelector("pre.output").textContent,
             status_text: panel.querySelector(".status").textContent,
             button_text: panel.querySelector("button.run").textContent,
             button_disabled: panel.querySelector("button.run").disabled };
  }));
  if (step.shot && result.shot) {
    const file = path.join(plan.out, step.shot + ".png");
    fs.writeFileSync(file, Buffer.from(result.shot.split(",")[1], "base64"));
    result.shot_file = file;
  }
  delete result.shot;
}

(async () => {
  const browser = await puppeteer.launch({
    executablePath: plan.chromium, headless: true,
    args: ["--no-sandbox", "--enable-unsafe-swiftshader", "--use-angle=swiftshader", "--window-size=1280,1024"],
  });
  const results = [];
  try {
    for (const job of plan.jobs) {
      const page = await browser.newPage();
      await page.setViewport({ width: 1280, height: 1024, deviceScaleFactor: 1 });
      const seen = { console_errors: [], page_errors: [], requests: [] };
      // The browser's own request for /favicon.ico (the book has none) is not the page's error.
      page.on("console", (m) => {
        if (m.type() === "error" && !/\/favicon\.ico$/.test(m.location().url || ""))
          seen.console_errors.push(m.text() + (m.location().url ? " (" + m.location().url + ")" : ""));
      });
      page.on("pageerror", (e) => seen.page_errors.push(String(e)));
      page.on("request", (r) => seen.requests.push(r.url()));
      const job_result = { page: job.page, steps: [] };
      results.push(job_result);
      try {
        const first_query = job.steps[0].query || "";
        const response = await page.goto(plan.base + job.page + first_query, { waitUntil: "load" });
        job_result.http_status = response.status();
        // Nothing of a program (its .js, .wasm, .data or a shared .data) comes before the click (the
        // panel's own script may live in programs/ too).
        job_result.program_requests_before_click =
          seen.requests.filter((u) => /\/programs\/(ch\d\d_\w+\.js|[^/]*\.wasm|[^/]*\.data)$/.test(u)).length;
        job_result.panels = await page.evaluate(() => document.querySelectorAll(".run-it-here button.run").length);
        for (const [i, step] of job.steps.entries()) {
          const result = { step: i };
          seen.console_errors.length = 0;
          seen.page_errors.length = 0;
          if (step.keys) await keys_step(page, step, result);
          else await click_step(page, Object.assign({ first: i === 0 }, step), result, job);
          result.console_errors = [...seen.console_errors];
          result.page_errors = [...seen.page_errors];
          job_result.steps.push(result);
        }
      } catch (e) {
        job_result.error = String(e && e.stack || e);
      }
      await page.close();
    }
  } finally {
    await browser.close();
  }
  fs.writeFileSync(process.argv[3], JSON.stringify(results, null, 1));
})().catch((e) => {
  console.error("web_check.js: " + (e && e.stack || e));
  process.exit(3);
});
