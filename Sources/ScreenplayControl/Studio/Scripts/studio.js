"use strict";
(() => {
  // A slot's preview frame is as tall as what it draws (its content is often a banner, not
  // a screen): measured when it loads, between 120 and 640 pixels; without the script, 640.
  for (const frame of document.querySelectorAll(".preview iframe")) {
    const fit = () => {
      try {
        // The page fills its window, so its own height says nothing: the lowest drawn leaf does.
        let bottom = 0;
        for (const element of frame.contentDocument.body.querySelectorAll("*")) {
          if (element.children.length === 0) bottom = Math.max(bottom, element.getBoundingClientRect().bottom);
        }
        if (bottom > 0) frame.style.height = Math.max(120, Math.min(640, Math.ceil(bottom) + 24)) + "px";
      } catch (_) { /* another origin: left as it is */ }
    };
    frame.addEventListener("load", fit);
    if (frame.contentDocument && frame.contentDocument.readyState === "complete") fit();
  }
})();
(() => {
  // A preview frame with nothing to focus in it takes the focus into its own document, where
  // the frame matches neither :focus nor :focus-within: the frame that has the focus is marked.
  const frames = document.querySelectorAll("iframe");
  if (frames.length) {
    const mark = () => { for (const frame of frames) frame.classList.toggle("focused", document.activeElement === frame); };
    // From one frame to the next no event reaches the page: while a frame has the focus,
    // the page looks which one, five times a second.
    let watching = 0;
    window.addEventListener("blur", () => {
      clearInterval(watching);
      setTimeout(mark, 0);
      watching = setInterval(mark, 200);
    });
    window.addEventListener("focus", () => { clearInterval(watching); mark(); });
    document.addEventListener("focusin", mark);
  }
})();
(() => {
  const editor = document.querySelector("textarea[data-check]");
  const region = document.getElementById("live-problems");
  if (!editor || !region || typeof fetch !== "function") return;
  const csrf = (document.querySelector("input[name=csrf]") || {}).value || "";
  let timer = 0, sent = 0;
  const show = (problems, valid) => {
    region.replaceChildren();
    const heading = document.createElement("p");
    heading.textContent = problems.length ? problems.length + (problems.length === 1 ? " problem" : " problems") : valid;
    region.append(heading);
    if (!problems.length) { editor.removeAttribute("aria-invalid"); return; }
    const list = document.createElement("ul");
    for (const problem of problems.slice(0, 50)) {
      const item = document.createElement("li");
      item.textContent = (problem.path ? problem.path + ": " : "") + problem.message;
      list.append(item);
    }
    region.append(list);
    editor.setAttribute("aria-invalid", "true");
  };
  const check = async () => {
    const id = ++sent;
    try {
      const response = await fetch(editor.dataset.check, {
        method: "POST", credentials: "same-origin", headers: { "__CONTENT_TYPE__": "application/json", "__CSRF_TOKEN__": csrf },
        body: editor.value,
      });
      const answer = await response.json();
      if (id !== sent) return;
      show(Array.isArray(answer.problems) ? answer.problems : [], answer.valid || "No problem");
    } catch (_) { /* the Check button still works */ }
  };
  editor.addEventListener("input", () => { clearTimeout(timer); timer = setTimeout(check, 400); });
})();
(() => {
  // A playground: each pause in typing shows the document (the page frame follows its own live stream).
  const editor = document.querySelector("textarea[data-playground]");
  const diagnostics = document.getElementById("playground-diagnostics");
  const outline = document.getElementById("playground-outline");
  if (!editor || !diagnostics || !outline || typeof fetch !== "function") return;
  const csrf = (document.querySelector("input[name=csrf]") || {}).value || "";
  let timer = 0, sent = 0;
  const send = async () => {
    const id = ++sent;
    try {
      const response = await fetch(editor.dataset.playground, {
        method: "POST", credentials: "same-origin", headers: { "__CONTENT_TYPE__": "application/json", "__CSRF_TOKEN__": csrf },
        body: editor.value,
      });
      if (!response.ok || id !== sent) return;
      const answer = await response.json();
      // Made by the server, every text in it escaped.
      diagnostics.innerHTML = String(answer.diagnostics || "");
      outline.textContent = String(answer.outline || "");
      if (answer.decoded) editor.removeAttribute("aria-invalid"); else editor.setAttribute("aria-invalid", "true");
    } catch (_) { /* the Show button still works */ }
  };
  editor.addEventListener("input", () => { clearTimeout(timer); timer = setTimeout(send, 300); });
})();
