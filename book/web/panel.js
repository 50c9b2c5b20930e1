// panel.js: the "Run it here" panels of the web book.
//
// A chapter page holds one panel:
//   <div class="run-it-here" data-program="ch07_gpu_skinning"></div>
// Nothing is downloaded until the reader clicks Run: then the program's
// module (programs/NAME.js, .wasm and .data, made by emscripten) is loaded
// and started on the panel's canvas with the native program's command line.
// The program is the chapter's own C program, built for WebAssembly and
// WebGL 2: the same keys, the same label, the same text on its stdout and
// stderr (shown under the canvas).
//
// The page's address can set the command line, for links and for the tests:
//   ?time=2&frames=3  a fixed clock (--time) and a frame count (--frames);
//                     the last frame is written as a screenshot and shown
//   &size=320x240     the render target (--size)
//   &model=PATH       a model of the program's file system (--model)
//   &args=a,b,c       any other options, comma-separated
//   &run=1            start at once, without the click
//   &write=PATH:TEXT  put a file into the program's file system before it
//                     starts (a test's bad model: tests/web/web_check.py)
//   &fetch=PATH,...   after the run, the text of these files of the
//                     program's file system (e.g. what --dump-obj wrote)
// The address is read at each click, so a page whose address was changed
// in place (history.replaceState) runs the new command line.
// The state of a run is in window.sa_run (for tests): state ("idle",
// "loading", "running", "exited"), exit_code, stdout and stderr (arrays of
// lines), frames (frames the program finished), first_frame_ms (from the
// click to the end of the first frame), and after
// a run with frames: screenshot (a data: URL of the PNG the program wrote),
// and with &fetch: files (path -> text, null for a file it did not write).
"use strict";

(function () {
  let params = new URLSearchParams(window.location.search);

  function command_line() {
    const args = [];
    if (params.has("time")) args.push("--time", params.get("time"));
    if (params.has("frames")) args.push("--frames", params.get("frames"), "--screenshot", "/frame.png");
    if (params.has("size")) args.push("--size", params.get("size"));
    if (params.has("model")) args.push("--model", params.get("model"));
    if (params.has("args")) args.push(...params.get("args").split(",").filter((a) => a.length > 0));
    return args;
  }

  function element(tag, attributes, text) {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attributes || {})) e.setAttribute(k, v);
    if (text !== undefined) e.textContent = text;
    return e;
  }

  // A run the address does not size (and that is no fixed-frame run, which is compared with the
  // native default size) renders at the canvas' width on the page, in device pixels, and 4:3:
  // the label's text is then as large as in the native window, not shrunk to the column, its
  // lines fit (chapter 04's 22 joint names), and a software rasterizer draws about a third of
  // the native 1280x720's pixels.
  function page_size(canvas, args) {
    if (params.has("size") || params.has("frames") || args.includes("--size")) return [];
    const width = Math.round(canvas.clientWidth * (window.devicePixelRatio || 1));
    if (width < 64) return [];
    return ["--size", width + "x" + Math.round((width * 3) / 4)];
  }

  function start(panel, parts) {
    const program = panel.dataset.program;
    params = new URLSearchParams(window.location.search);
    const args = command_line();
    args.push(...page_size(parts.canvas, args));
    const run = (window.sa_run = {
      program, args, state: "loading", exit_code: null, stdout: [], stderr: [], frames: 0,
      first_frame_ms: null, screenshot: null, files: {},
    });
    const clicked = performance.now();
    parts.button.disabled = true;
    parts.status.textContent = "loading " + program + " ...";
    parts.output.textContent = "";
    parts.command.textContent = "$ " + [program, ...args].join(" ");

    function show(line, is_error) {
      (is_error ? run.stderr : run.stdout).push(line);
      const span = element("span", { class: is_error && /^error:/.test(line) ? "error" : "" }, line + "\n");
      parts.output.appendChild(span);
      parts.output.scrollTop = parts.output.scrollHeight;
    }

    // The program tells each frame it finished (common/app.c, on the web).
    function on_frame(count) {
      run.frames = count;
      if (count === 1) {
        run.first_frame_ms = performance.now() - clicked;
        parts.status.textContent = "running (first frame after " + Math.round(run.first_frame_ms) + " ms)";
      }
    }

    const script = element("script", { src: "programs/" + program + ".js" });
    script.onerror = () => {
      run.state = "exited";
      parts.status.textContent = "could not load programs/" + program + ".js";
      parts.button.disabled = false;
    };
    script.onload = () => {
      const create = window["sa_" + program];
      let module_ref = null;
      create({
        canvas: parts.canvas,
        arguments: args,
        locateFile: (file) => "programs/" + file,
        print: (line) => show(line, false),
        printErr: (line) => show(line, true),
        preRun: [(m) => {
          module_ref = m; // before main: a run without frames exits before the promise resolves
          for (const item of params.getAll("write")) {
            const colon = item.indexOf(":");
            m.FS.writeFile(item.slice(0, colon), item.slice(colon + 1));
          }
          run.state = "running";
        }],
        onFrame: on_frame,
        onExit: (code) => {
          run.exit_code = code;
          if (module_ref && params.has("frames")) {
            try {
              const png = module_ref.FS.readFile("/frame.png");
              let text = "";
              for (let i = 0; i < png.length; i++) text += String.fromCharCode(png[i]);
              run.screenshot = "data:image/png;base64," + btoa(text);
              parts.shot.src = run.screenshot;
              parts.shot.hidden = false;
            } catch (e) {
              show("(no screenshot: " + e + ")", true);
            }
          }
          for (const path of (params.get("fetch") || "").split(",").filter((p) => p.length > 0)) {
            try {
              run.files[path] = module_ref ? module_ref.FS.readFile(path, { encoding: "utf8" }) : null;
            } catch (e) {
              run.files[path] = null;
            }
          }
          run.state = "exited";
          parts.status.textContent = "exited with status " + code + (code === 0 ? "" : " (see the error above)");
          parts.button.disabled = false;
          parts.button.textContent = "Run again";
        },
      }).then((m) => { module_ref = m; }, (e) => {
        show("error: " + e, true);
        run.state = "exited";
        parts.button.disabled = false;
      });
    };
    document.body.appendChild(script);
  }

  function build(panel) {
    const program = panel.dataset.program;
    // The canvas starts at an interactive run's 4:3 (the program sizes it when it starts).
    const parts = {
      button: element("button", { type: "button", class: "run" }, "Run " + program + " here"),
      status: element("span", { class: "status" }, "not loaded (nothing is downloaded before the click)"),
      canvas: element("canvas", { id: "canvas-" + program, width: "640", height: "480", tabindex: "0" }),
      shot: element("img", { class: "screenshot", alt: "the last frame, as --screenshot wrote it" }),
      command: element("code", { class: "command" }, ""),
      output: element("pre", { class: "output" }),
    };
    parts.canvas.oncontextmenu = (e) => e.preventDefault();
    parts.shot.hidden = true;
    const bar = element("div", { class: "bar" });
    bar.append(parts.button, " ", parts.status);
    panel.append(bar, parts.canvas, parts.shot, parts.command, parts.output);
    parts.button.onclick = () => {
      // A second run gets a fresh canvas: the old WebGL context stays with the old module.
      if (window.sa_run && window.sa_run.state === "exited") {
        const fresh = parts.canvas.cloneNode(false);
        parts.canvas.replaceWith(fresh);
        parts.canvas = fresh;
      }
      start(panel, parts);
      parts.canvas.focus();
    };
    if (params.get("run") === "1") parts.button.onclick();
  }

  // Emscripten's GLFW listens for keys on the whole window. They go to the program only while
  // its canvas has the focus (given at the start, and by a click into the picture), so that
  // Space and the arrows scroll the page, and do not pause or turn the program, when the reader
  // is reading; and with the focus they do not scroll the page under the program. This listener
  // is on the window before GLFW's (added when a program starts), so it is called first.
  const program_keys = new Set([" ", "ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "+", "-", "=",
                                "PageUp", "PageDown", "Home", "End"]);
  function keys_to_the_focused_canvas(event) {
    const focused = document.activeElement;
    if (!focused || focused.tagName !== "CANVAS" || !focused.closest(".run-it-here")) {
      // A key let go passes: pressed in the canvas and let go outside, it must not stay down.
      if (event.type !== "keyup") event.stopImmediatePropagation();
    } else if (event.type === "keydown" && program_keys.has(event.key)) {
      event.preventDefault();
    }
  }

  window.addEventListener("DOMContentLoaded", () => {
    for (const type of ["keydown", "keypress", "keyup"]) window.addEventListener(type, keys_to_the_focused_canvas, true);
    document.querySelectorAll(".run-it-here").forEach(build);
  });
})();
