// Screenplay web runtime: actions, client state, bound visibility and bound properties for a server-rendered screen.
(() => {
  "use strict";
  const root = document.getElementById("screenplay");
  if (!root) return;
  let state = {};
  try { state = JSON.parse(root.dataset.state || "{}"); } catch (_) { state = {}; }
  let token = root.dataset.stateToken || null;
  // The declared type of each variable; the others are typed by their values, as in Swift.
  let types = {};
  try { types = JSON.parse(root.dataset.variables || "{}"); } catch (_) { types = {}; }
  const locale = document.documentElement.lang || "en";
  const sheet = ("adoptedStyleSheets" in document) ? new CSSStyleSheet() : null;
  if (sheet) document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];

  // Only app paths and http(s) URLs are ever followed, whatever an action says.
  const safeURL = (url) => {
    if (typeof url !== "string" || url.length === 0 || url.length > 8192) return null;
    if (/[\u0000-\u0020\u007f\\]/.test(url) || url.startsWith("//")) return null;
    const scheme = /^([a-zA-Z][a-zA-Z0-9+.-]*):/.exec(url);
    if (scheme && !/^https?$/i.test(scheme[1])) return null;
    return url;
  };

  const truthy = (value) => !(value === undefined || value === null || value === false || value === 0 || value === "" ||
    (Array.isArray(value) && value.length === 0) || (typeof value === "object" && !Array.isArray(value) && Object.keys(value).length === 0));
  const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
  const holds = (condition) => {
    const value = state[condition.key] === undefined ? null : state[condition.key];
    const result = ("equals" in condition) ? same(condition.equals, value) : truthy(value);
    return condition.not ? !result : result;
  };

  // Expressions: the evaluator is a script of its own, loaded when a screen needs it.
  const expressions = () => window.ScreenplayExpressions || null;
  let loadingExpressions = false;
  const needExpressions = () => {
    const path = root.dataset.expressions || "";
    if (expressions() || loadingExpressions || !/^\/screenplay\/expressions-[0-9a-f]+\.js$/.test(path)) return;
    loadingExpressions = true;
    const script = document.createElement("script");
    script.src = path;
    script.addEventListener("load", () => {
      refreshVisibility();
      if (root.querySelector("[data-sp-rules],[data-sp-mask]")) needInputs();
      if (declared && !behaviour) needBehaviour();
    });
    document.head.appendChild(script);
  };
  // Validation and masks: InputScript, which needs the evaluator first.
  const inputs = () => window.ScreenplayInputs || null;
  let loadingInputs = false;
  const needInputs = () => {
    const path = root.dataset.inputs || "";
    if (inputs() || loadingInputs || !/^\/screenplay\/inputs-[0-9a-f]+\.js$/.test(path)) return;
    if (!expressions()) { needExpressions(); return; }
    loadingInputs = true;
    const script = document.createElement("script");
    script.src = path;
    script.addEventListener("load", () => refreshVisibility());
    document.head.appendChild(script);
  };
  // Triggers, timers and onAppear: ScreenplayBehaviour decides (a script of its own, which needs the
  // evaluator, loaded when a screen has any); this runs what it decides, as StoreBehaviour does in the app.
  const behaviourScript = () => window.ScreenplayBehaviour || null;
  let declared = null;
  try { declared = JSON.parse(root.dataset.behaviour || "null"); } catch (_) { declared = null; }
  let behaviour = null;
  let appearing = false;
  let pending = [];
  let draining = false;
  let ticking = null;
  let loadingBehaviour = false;
  // Whole milliseconds, as timers count in Swift (a value variable is an integer).
  const now = () => Math.floor(performance.now());
  const report = (where, message) =>
    root.dispatchEvent(new CustomEvent("screenplay:error", { bubbles: true, detail: { message: `${where}: ${message}` } }));
  const needBehaviour = () => {
    const path = root.dataset.behaviourScript || "";
    if (behaviourScript() || loadingBehaviour || !/^\/screenplay\/behaviour-[0-9a-f]+\.js$/.test(path)) return;
    if (!expressions()) { needExpressions(); return; }
    loadingBehaviour = true;
    const script = document.createElement("script");
    script.src = path;
    script.addEventListener("load", () => startBehaviour());
    document.head.appendChild(script);
  };
  const startBehaviour = () => {
    if (!declared || behaviour) return;
    const decide = behaviourScript();
    if (!decide || !expressions()) { needBehaviour(); return; }
    behaviour = { triggers: decide.triggers(declared.triggers, { locale }), timers: decide.timers(declared.timers, { locale }) };
    if (hidden) holdBehaviour();
    if (appearing) { appearing = false; enqueue(declared.onAppear); }
  };
  // The screen shown: another one (or other triggers or timers) starts afresh, and onAppear runs for another one.
  const shown = (next, appeared) => {
    const list = (value, key) => JSON.stringify((value && value[key]) || []);
    if (!appeared && list(next, "triggers") === list(declared, "triggers") && list(next, "timers") === list(declared, "timers")) return;
    stopBehaviour();
    declared = next && typeof next === "object" ? next : null;
    appearing = appeared;
    startBehaviour();
  };
  // Every timer stops and the actions not run yet are dropped: the screen went away.
  const stopBehaviour = () => {
    if (ticking !== null) clearTimeout(ticking);
    ticking = null;
    if (behaviour) behaviour.timers.cancelAll();
    behaviour = null;
    pending = [];
  };
  // A page the user does not see (a background tab, a minimised window, a page left for the back-forward
  // cache) is a screen whose app is in the background, as ScreenActivity says in Swift: its timers count no
  // time, its triggers wait and judge one change when it is seen again, and its first navigation waits for
  // then (an intent's answer that arrives meanwhile still leads where it says); its taps still update it.
  let hidden = document.visibilityState === "hidden";
  let waitingNavigation = null;
  const NAVIGATES = new Set(["navigate", "present", "open", "back", "dismiss"]);
  const holdBehaviour = () => {
    if (!behaviour) return;
    behaviour.timers.hold(now());
    behaviour.triggers.hold(variables());
    if (ticking !== null) clearTimeout(ticking);
    ticking = null;
  };
  const releaseBehaviour = () => {
    if (!behaviour) return;
    behaviour.timers.release(now());
    const outcome = behaviour.triggers.release(variables());
    for (const problem of outcome.problems) report("trigger", problem);
    enqueue(outcome.actions);
    schedule();
  };
  const setPageHidden = (value) => {
    if (value === hidden) return;
    hidden = value;
    root.dataset.active = String(!hidden);
    if (hidden) { holdBehaviour(); return; }
    releaseBehaviour();
    const waiting = waitingNavigation;
    waitingNavigation = null;
    if (waiting) run(waiting);
  };
  document.addEventListener("visibilitychange", () => setPageHidden(document.visibilityState === "hidden"));
  window.addEventListener("pagehide", () => setPageHidden(true));
  window.addEventListener("pageshow", (event) => {
    // Back from the back-forward cache: the taps that left the page are over.
    if (event.persisted) tapsRunning.clear();
    setPageHidden(document.visibilityState === "hidden");
  });
  const enqueue = (actions) => {
    if (!Array.isArray(actions) || !actions.length) return;
    pending.push(...actions);
    drain();
  };
  // The queued actions in order, those their changes queue included.
  const drain = async () => {
    if (draining) return;
    draining = true;
    try { while (pending.length) await run(pending.shift()); } finally { draining = false; }
  };
  // The variables went from `before` to the page's: the triggers that fire queue their actions.
  const changed = (before) => {
    if (!behaviour || !before) return;
    // A change made while actions run is part of the change that started them.
    if (!draining) behaviour.triggers.beginChange();
    const outcome = behaviour.triggers.evaluate(before, variables());
    for (const problem of outcome.problems) report("trigger", problem);
    if (outcome.limited) report("trigger", `more than ${behaviourScript().limits.maximumFiringsPerChange} triggers fired for one change; the rest were skipped`);
    enqueue(outcome.actions);
  };
  const applyTimers = async (outcome) => {
    for (const problem of outcome.problems) report("timer", problem);
    for (const step of outcome.steps) {
      if (step.valueVariable) setState(step.valueVariable, step.value);
      if (step.actions.length) { pending.push(...step.actions); await drain(); }
    }
  };
  // Waits until the next tick or end, applies what is due, and again, while a timer runs.
  const schedule = () => {
    if (ticking !== null) clearTimeout(ticking);
    ticking = null;
    const timers = behaviour && behaviour.timers;
    const deadline = timers ? timers.nextDeadline() : null;
    if (deadline === null) return;
    ticking = setTimeout(async () => {
      ticking = null;
      if (!behaviour || behaviour.timers !== timers) return;
      await applyTimers(timers.advance(now()));
      if (behaviour && behaviour.timers === timers && ticking === null) schedule();
    }, Math.max(0, deadline - now()));
  };
  // A field's problem: the server's word on it, else its first broken rule (the checks Swift makes).
  const problemOf = (input) => {
    const key = input.dataset.spKey;
    const server = state["$problem." + key];
    if (typeof server === "string") return server;
    const checker = inputs();
    if (!checker) { needInputs(); return null; }
    let rules;
    try { rules = JSON.parse(input.dataset.spRules); } catch (_) { return null; }
    const raw = state[key] === undefined || state[key] === null ? "" : String(state[key]);
    const found = checker.check(rules, raw, variables(), { locale });
    return found ? found.message : null;
  };
  // Shown once the field was left or validated; announced by its role=alert element.
  const showProblem = (input) => {
    const shown = truthy(state["$touched." + input.dataset.spKey]) ? problemOf(input) : null;
    const element = document.getElementById(input.getAttribute("aria-describedby") || "");
    if (element) {
      if (element.textContent !== (shown || "")) element.textContent = shown || "";
      element.hidden = !shown;
    }
    if (shown) input.setAttribute("aria-invalid", "true"); else input.removeAttribute("aria-invalid");
    return shown;
  };
  const refreshFields = () => { for (const input of root.querySelectorAll("input[data-sp-rules]")) showProblem(input); };
  // What an intent sends: the values, without the page's own ($touched …, $problem …).
  const shared = () => Object.fromEntries(Object.entries(state).filter(([key]) => !key.startsWith("$")));
  const inferred = (value) => typeof value === "string" ? "string" : typeof value === "boolean" ? "boolean" :
    typeof value === "number" ? (Number.isInteger(value) ? "integer" : "number") : Array.isArray(value) ? "array" :
    (value !== null && typeof value === "object") ? "dict" : null;
  const variables = () => {
    const list = [];
    for (const name of Object.keys(state)) {
      const type = types[name] || inferred(state[name]);
      if (type) list.push({ name, type, value: state[name] });
    }
    return list;
  };
  // Resolves once a script of ours loaded on demand (`pattern` names its file) has loaded or failed, or after
  // 10 s (then what needed it reports it); at once when `ready` says it is there.
  const scriptLoaded = (pattern, need, ready) => new Promise((resolve) => {
    const finish = () => {
      document.removeEventListener("load", settled, true);
      document.removeEventListener("error", settled, true);
      clearTimeout(timer);
      resolve();
    };
    const settled = (event) => {
      if (event.target instanceof HTMLScriptElement && pattern.test(event.target.src)) finish();
    };
    const timer = setTimeout(finish, 10000);
    document.addEventListener("load", settled, true);
    document.addEventListener("error", settled, true);
    need();
    if (ready && ready()) finish();
  });
  const expressionsLoaded = () => scriptLoaded(/\/screenplay\/expressions-[0-9a-f]+\.js$/, needExpressions);
  // The input script comes after the evaluator: a validate tapped before it arrived waits.
  const inputsLoaded = async () => {
    if (!expressions()) await expressionsLoaded();
    if (!inputs()) await scriptLoaded(/\/screenplay\/inputs-[0-9a-f]+\.js$/, needInputs, inputs);
  };
  const evaluate = (source) => {
    const evaluator = expressions();
    if (!evaluator) { needExpressions(); return { type: "error", value: "The expression evaluator is not loaded yet." }; }
    return evaluator.evaluate(source, variables(), { locale });
  };
  // A value as the client state stores it (integers as numbers, colours "#AARRGGBB", datetimes as text).
  const stored = (result) => result.type === "integer" ? Number(result.value) : result.value;
  // A colour for CSS: the language's #AARRGGBB becomes #RRGGBBAA; a string is the document's own #rrggbb(aa).
  const cssColor = (result) => {
    const text = String(result.value);
    if (result.type === "color") { const m = /^#([0-9A-Fa-f]{2})([0-9A-Fa-f]{6})$/.exec(text); return m ? "#" + m[2] + m[1] : null; }
    return /^#([0-9A-Fa-f]{3}|[0-9A-Fa-f]{6}|[0-9A-Fa-f]{8})$/.test(text) ? text : null;
  };
  // What the page can change of a node after the server drew it; any other bound property keeps the server's value.
  const apply = (element, property, result) => {
    const shown = expressions().text(result);
    switch (property) {
      case "text": case "title": element.textContent = shown; break;
      case "enabled": if ("disabled" in element && result.type === "boolean") element.disabled = !result.value; break;
      case "placeholder": { const input = element.matches("input") ? element : element.querySelector("input"); if (input) input.placeholder = shown; break; }
      case "label": { const label = element.querySelector(".sp-field-label"); if (label) label.textContent = shown; break; }
      case "accessibilityLabel": element.setAttribute("aria-label", shown); break;
      case "color": { const color = cssColor(result); if (color) element.style.color = color; break; }
      case "background": case "style.background": { const color = cssColor(result); if (color) element.style.background = color; break; }
      case "url": if (element instanceof HTMLImageElement) { const url = safeURL(shown); if (url) element.src = url; } break;
      case "width": case "height":
        if (result.type === "integer" || result.type === "number") element.style[property] = Number(result.value) + "px"; break;
      default: break;
    }
  };
  // Motion: MotionPlan's rule played on the page's own changes. A node shown now and not before enters
  // (on the first frame, every shown node with an entrance); one shown before and not now leaves, when its
  // parent stays; one shown in both whose own look changed plays its change. Nodes are matched by id, the
  // others by position under their nearest ancestor with one. What each plays (keyframes, timing, the
  // Reduce Motion variant) was decided by the server (data-sp-motion); motion is never needed: when it
  // cannot play, the page is simply in its new state.
  const NODE = "[data-sp-id],[data-sp-motion],[data-sp-visible],[data-sp-bind]";
  const reducedMotion = typeof window.matchMedia === "function" ? window.matchMedia("(prefers-reduced-motion: reduce)") : null;
  const canAnimate = typeof root.animate === "function";
  const playing = new WeakMap();
  const exiting = new WeakMap();
  let motionDepth = 0;
  let motionReady = false;
  const motionOf = (element) => {
    let data = null;
    try { data = JSON.parse(element.dataset.spMotion || "null"); } catch (_) { data = null; }
    if (!data || typeof data !== "object") return null;
    return reducedMotion && reducedMotion.matches && data.reduced && typeof data.reduced === "object" ? data.reduced : data;
  };
  // The element children that are part of the page (not leaving ones).
  const present = (element) => Array.prototype.filter.call(element.children, (child) => !child.hasAttribute("data-sp-leaving"));
  const keyOf = (element) => {
    if (element.dataset.spId) return element.dataset.spId;
    const path = [];
    let node = element;
    while (node && node !== root && node.parentElement) {
      const parent = node.parentElement;
      path.unshift(present(parent).indexOf(node));
      if (parent.dataset.spId) return parent.dataset.spId + "/" + path.join("/");
      node = parent;
    }
    return "/" + path.join("/");
  };
  // The element a key names in the page now.
  const elementAt = (key) => {
    const slash = key.indexOf("/");
    const id = slash < 0 ? key : key.slice(0, slash);
    let element = id ? root.querySelector(`[data-sp-id="${CSS.escape(id)}"]`) : root;
    if (!element || element.closest("[data-sp-leaving]")) return null;
    if (slash < 0) return element;
    for (const index of key.slice(slash + 1).split("/")) {
      if (!element || index === "") return null;
      element = present(element)[Number(index)] || null;
    }
    return element;
  };
  // What moves with a node: its link or slot wrapper too.
  const unitOf = (element) => {
    let unit = element;
    while (unit.parentElement && unit.parentElement !== root && present(unit.parentElement).length === 1 &&
      (unit.parentElement.matches("a.sp-link,.sp-slot,li.sp-row"))) unit = unit.parentElement;
    return unit;
  };
  const STYLED = ["opacity", "transform", "width", "height", "backgroundColor", "color"];
  const valuesOf = (element) => {
    const style = getComputedStyle(element);
    const values = {};
    for (const property of STYLED) values[property] = style[property];
    return values;
  };
  const lookOf = (element) => (element.dataset.spLook || "") + "\u0000" + (element.getAttribute("style") || "") + "\u0000" +
    (element.dataset.spBind ? element.textContent + "\u0000" + (element.getAttribute("aria-label") || "") + (element.disabled ? "\u0000d" : "") : "");
  // Every node the rule compares, by key: shown or not, and for those with motion, what a change compares.
  const snapshot = (everything) => {
    const entries = new Map();
    const shownMemo = new Map();
    const shownOf = (element) => {
      if (!element || element === root) return true;
      if (shownMemo.has(element)) return shownMemo.get(element);
      const shown = !element.hidden && !exiting.has(element) && shownOf(element.parentElement);
      shownMemo.set(element, shown);
      return shown;
    };
    for (const element of root.querySelectorAll(NODE)) {
      if (element.closest("[data-sp-leaving]")) continue;
      const key = keyOf(element);
      if (entries.has(key)) continue;
      const entry = { element, shown: shownOf(element), motion: element.dataset.spMotion ? motionOf(element) : null };
      if (entry.motion && entry.shown) {
        const parent = element.parentElement && element.parentElement.closest(NODE);
        entry.parent = parent && root.contains(parent) ? keyOf(parent) : null;
        // The screen's outermost node never leaves; a node under containers without ids has a parent that stays.
        entry.topmost = !parent && unitOf(element).parentElement && unitOf(element).parentElement.classList.contains("sp-main");
        if (entry.motion.exit) {
          const unit = unitOf(element);
          entry.place = { parent: unit.parentElement ? keyOf(unit.parentElement) : null, index: unit.parentElement ? present(unit.parentElement).indexOf(unit) : -1 };
        }
        if (entry.motion.change) {
          entry.look = lookOf(element);
          if (everything || element.dataset.spBind) entry.values = valuesOf(element);
        }
      }
      entries.set(key, entry);
    }
    return entries;
  };
  const stop = (element) => {
    const running = playing.get(element);
    if (!running) return;
    playing.delete(element);
    for (const animation of running) animation.cancel();
  };
  // Where an element is now, if the runtime is moving it: an interrupted movement goes on from there.
  const current = (element) => {
    const running = playing.get(element);
    if (!running || !running.size) return null;
    const style = getComputedStyle(element);
    return { opacity: style.opacity, transform: style.transform };
  };
  const animate = (element, id, keyframes, options) => {
    stop(element);
    const animation = element.animate(keyframes, options);
    animation.id = id;
    const running = new Set([animation]);
    playing.set(element, running);
    const done = () => { running.delete(animation); if (playing.get(element) === running && !running.size) playing.delete(element); };
    animation.addEventListener("finish", done);
    animation.addEventListener("cancel", done);
    return animation;
  };
  const options = (spec, fill) => ({
    duration: Math.max(0, Number(spec.duration) || 0), delay: Math.max(0, Number(spec.delay) || 0),
    easing: typeof spec.easing === "string" ? spec.easing : "ease-in-out", iterations: Math.max(1, Number(spec.iterations) || 1), fill,
  });
  const framed = (frames, origin) => origin ? frames.map((frame) => Object.assign({ transformOrigin: origin }, frame)) : frames;
  const enter = (key, entry) => {
    const spec = entry.motion.enter;
    const element = entry.element;
    const from = current(element) || spec.from || { opacity: 0 };
    const frames = [Object.assign({}, from, { offset: 0 })];
    if (spec.origin) frames.push({ offset: 1 });
    animate(element, key + " enter", framed(frames, spec.origin), options(spec, "backwards"));
  };
  const exit = (key, old, now) => {
    const spec = old.motion.exit;
    const element = old.element;
    const from = current(element);
    const frames = [Object.assign({}, spec.to || { opacity: 0 }, { offset: 1 })];
    if (from) frames.unshift(Object.assign({}, from, { offset: 0 }));
    else if (spec.origin) frames.unshift({ offset: 0 });
    if (now && now.element === element && element.isConnected) {
      // Hidden by a condition: drawn until its exit ends, unless it is shown again first.
      element.hidden = false;
      element.setAttribute("inert", "");
      let animation;
      try { animation = animate(element, key + " exit", framed(frames, spec.origin), options(spec, "forwards")); }
      catch (error) { element.hidden = true; element.removeAttribute("inert"); throw error; }
      exiting.set(element, animation);
      const end = () => {
        if (exiting.get(element) !== animation) return;
        exiting.delete(element);
        element.hidden = true;
        element.removeAttribute("inert");
        // Its end state is held no longer: shown again, the node is itself.
        animation.cancel();
      };
      animation.addEventListener("finish", end);
      return;
    }
    // Removed (or replaced by a patch): the old element goes back where it was, with nothing a later change
    // could find in it, and leaves.
    if (element.isConnected || !old.place || old.place.parent === null) return;
    const parent = elementAt(old.place.parent);
    if (!parent) return;
    const unit = unitOf(element);
    for (const node of [unit, ...unit.querySelectorAll("*")]) {
      for (const name of ["id", "data-sp-id", "data-sp-visible", "data-sp-bind", "data-sp-key", "data-sp-action", "data-sp-motion", "name", "for", "aria-describedby"]) node.removeAttribute(name);
    }
    unit.setAttribute("data-sp-leaving", "");
    unit.setAttribute("inert", "");
    unit.setAttribute("aria-hidden", "true");
    parent.insertBefore(unit, present(parent)[old.place.index] || null);
    let animation;
    try { animation = animate(element, key + " exit", framed(frames, spec.origin), options(spec, "forwards")); }
    catch (error) { unit.remove(); throw error; }
    const end = () => { unit.remove(); animation.cancel(); };
    animation.addEventListener("finish", end);
    animation.addEventListener("cancel", () => unit.remove());
  };
  const change = (key, old, now) => {
    const spec = now.motion.change;
    const element = now.element;
    const before = old.values;
    if (!before) return false;
    stop(element);
    const after = valuesOf(element);
    // (Under Reduce Motion there is no change: it is set at once.)
    const from = {}, to = {};
    for (const property of STYLED) {
      if (before[property] !== after[property]) { from[property] = before[property]; to[property] = after[property]; }
    }
    if (!Object.keys(from).length) {
      // Nothing to move between (a text changed): the new content fades in.
      if (old.element.textContent === element.textContent) return false;
      from.opacity = "0";
      to.opacity = after.opacity;
    }
    animate(element, key + " change", [from, to], options(spec, "backwards"));
    return true;
  };
  // A node drawn again by a patch or an answer (another element, the same node) goes on with what it was playing.
  const carryOn = (from, to) => {
    const running = playing.get(from);
    if (!running || !running.size || !to.isConnected) return;
    for (const animation of [...running]) {
      if (animation.playState !== "running" || !animation.effect) continue;
      const copy = animate(to, animation.id, animation.effect.getKeyframes(), animation.effect.getTiming());
      copy.currentTime = animation.currentTime;
    }
    stop(from);
  };
  const play = (before, after) => {
    for (const [key, old] of before) {
      if (!old.shown || !old.motion || !old.motion.exit) continue;
      const now = after.get(key);
      if (now && now.shown) continue;
      const parentStays = old.parent ? (after.has(old.parent) && after.get(old.parent).shown) : !old.topmost;
      if (!parentStays) continue;
      try { exit(key, old, now); } catch (_) {}
    }
    for (const [key, now] of after) {
      if (!now.shown || !now.motion) continue;
      const old = before.get(key);
      try {
        if (!old || !old.shown) { if (now.motion.enter) enter(key, now); }
        else if (!(now.motion.change && old.look !== undefined && old.look !== lookOf(now.element) && change(key, old, now)) &&
          old.element !== now.element) carryOn(old.element, now.element);
      } catch (_) {}
    }
  };
  // Runs `mutate` (a change of what the page shows) and plays what the change asks for.
  const withMotion = (mutate, everything) => {
    if (motionDepth > 0 || !canAnimate) return mutate();
    let before = null;
    if (motionReady && (everything || root.querySelector("[data-sp-motion]"))) {
      try { before = snapshot(everything); } catch (_) { before = null; }
    }
    motionDepth += 1;
    try { mutate(); } finally { motionDepth -= 1; }
    if (before) { try { play(before, snapshot(everything)); } catch (_) {} }
  };
  // The first frame of a screen: every shown node with an entrance enters.
  const firstFrame = () => {
    motionReady = true;
    if (!canAnimate || !root.querySelector("[data-sp-motion]")) return;
    try {
      for (const [key, entry] of snapshot(false)) if (entry.shown && entry.motion && entry.motion.enter) enter(key, entry);
    } catch (_) {}
  };
  // Shown or hidden by the page's own evaluation: a node that is leaving stays drawn until its exit ends,
  // and one shown again before then stays (its exit is cancelled, it goes back from where it is).
  const setHidden = (element, hide) => {
    if (exiting.has(element)) {
      if (hide) return;
      exiting.delete(element);
      element.removeAttribute("inert");
    }
    element.hidden = hide;
  };
  const refreshVisibility = () => withMotion(refreshNow, false);
  const refreshNow = () => {
    for (const element of root.querySelectorAll("[data-sp-visible],[data-sp-bind]")) {
      let shown = true;
      if (element.dataset.spVisible) {
        try { shown = holds(JSON.parse(element.dataset.spVisible)); } catch (_) { shown = true; }
      }
      if (element.dataset.spBind) {
        let bindings = null;
        try { bindings = JSON.parse(element.dataset.spBind); } catch (_) { bindings = null; }
        if (bindings && typeof bindings === "object") {
          // Until the evaluator is there, the page shows what the server drew.
          if (!expressions()) { needExpressions(); continue; }
          for (const property of Object.keys(bindings)) {
            // A failing expression costs its property: it keeps its last value.
            const result = evaluate(bindings[property]);
            if (result.type === "error") continue;
            if (property === "visible") { if (result.type === "boolean") shown = shown && result.value; }
            else apply(element, property, result);
          }
        }
      }
      setHidden(element, !shown);
    }
    refreshFields();
  };
  const setState = (key, value) => {
    const before = behaviour ? variables() : null;
    state[key] = value;
    for (const input of root.querySelectorAll("[data-sp-key]")) {
      if (input.dataset.spKey !== key) continue;
      if (input.type === "checkbox") { input.checked = truthy(value); input.setAttribute("aria-checked", String(input.checked)); }
      else if (document.activeElement !== input) {
        const raw = value === null || value === undefined ? "" : String(value);
        let mask = null;
        if (input.dataset.spMask) { try { mask = JSON.parse(input.dataset.spMask); } catch (_) { mask = null; } }
        input.value = mask && inputs() ? inputs().display(mask, raw, locale).display : raw;
      }
    }
    saveApp(key);
    refreshVisibility();
    changed(before);
  };

  // App-scope variables (`scope: app`) outlive their screen, as in the apps: the tab keeps them in its
  // sessionStorage (one per origin), read before the page's bindings are first evaluated. A stored value
  // that is not of the variable's declared type, or that cannot be read, is ignored with a console warning.
  const APP_KEY = "screenplay.app";
  let appNames = [];
  try { appNames = JSON.parse(root.dataset.app || "[]"); } catch (_) { appNames = []; }
  if (!Array.isArray(appNames)) appNames = [];
  const fits = (type, value) => {
    switch (type) {
      case "integer": return Number.isSafeInteger(value);
      case "number": return typeof value === "number" && Number.isFinite(value);
      case "boolean": return typeof value === "boolean";
      case "string": case "url": return typeof value === "string";
      case "color": return typeof value === "string" && /^#([0-9A-Fa-f]{3,4}|[0-9A-Fa-f]{6}|[0-9A-Fa-f]{8})$/.test(value);
      case "datetime": return typeof value === "string" && /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/.test(value);
      case "array": return Array.isArray(value);
      case "dict": return value !== null && typeof value === "object" && !Array.isArray(value);
      default: return false;
    }
  };
  const storedApp = (quiet) => {
    let text = null;
    try { text = window.sessionStorage.getItem(APP_KEY); } catch (_) { return {}; }
    if (text === null) return {};
    let values = null;
    try { values = text.length <= 65536 ? JSON.parse(text) : null; } catch (_) { values = null; }
    if (!values || typeof values !== "object" || Array.isArray(values)) {
      if (!quiet) console.warn(`Screenplay: sessionStorage["${APP_KEY}"] does not hold the app's variables as a JSON object; ignored`);
      return {};
    }
    return values;
  };
  // The stored value of an app-scope variable this screen declares, when it fits its type.
  const appValue = (name, quiet) => {
    const values = storedApp(quiet);
    if (typeof name !== "string" || !Object.prototype.hasOwnProperty.call(values, name)) return undefined;
    const type = types[name] || inferred(state[name]);
    if (fits(type, values[name])) return values[name];
    if (!quiet) console.warn(`Screenplay: the stored value of the app variable "${name}" is not a ${type}; the screen's value is used`);
    return undefined;
  };
  const saveApp = (key) => {
    if (!appNames.includes(key)) return;
    const values = storedApp(true);
    values[key] = state[key];
    try { window.sessionStorage.setItem(APP_KEY, JSON.stringify(values)); } catch (_) { /* storage full or off: the value lives as long as the page */ }
  };

  // Rules added after the page loaded (intents, live patches), newest last. A live patch sends
  // only the rules its nodes need beyond those the page has, so a rule may be used long after
  // it came: past the bound, only rules no element of the page uses any more are let go.
  const added = new Map();
  const CSS_BOUND = 500;
  const unused = (css) => {
    const names = css.match(/\.c[0-9a-z]+/g) || [];
    return !names.some((name) => root.querySelector(name) !== null);
  };
  let lastContentCSS = null;
  // `keep`: the content replaced stays a moment (its nodes leave), and so do its rules.
  const addCSS = (css, reset, keep) => {
    if (!sheet || typeof css !== "string") return;
    if (reset) {
      added.clear();
      if (keep && lastContentCSS !== null) added.set(lastContentCSS, true);
      lastContentCSS = css;
    }
    added.delete(css);
    added.set(css, true);
    if (added.size > CSS_BOUND) {
      for (const kept of [...added.keys()]) {
        if (added.size <= CSS_BOUND) break;
        if (kept !== css && kept !== lastContentCSS && unused(kept)) added.delete(kept);
      }
    }
    sheet.replaceSync([...added.keys()].join("\n"));
  };

  // What the user is doing stays through a change the page did not ask for (a live patch, an answer):
  // the focused field (found again by its variable or id when the change drew it anew) keeps the focus,
  // its caret and selection, and every scrolled element, the page included, keeps its scroll position.
  const keepingPlace = (change) => {
    const active = document.activeElement;
    const focused = active && active !== root && root.contains(active) ? active : null;
    const focusKey = !focused ? null : focused.dataset.spKey ? `[data-sp-key="${CSS.escape(focused.dataset.spKey)}"]` :
      focused.id ? `#${CSS.escape(focused.id)}` : null;
    let selection = null;
    try { if (focused && typeof focused.selectionStart === "number") selection = [focused.selectionStart, focused.selectionEnd, focused.selectionDirection]; } catch (_) { selection = null; }
    const scrolled = [];
    for (const element of root.querySelectorAll("*")) {
      if (element.scrollTop || element.scrollLeft) scrolled.push([keyOf(element), element.scrollTop, element.scrollLeft]);
    }
    const page = [window.scrollX, window.scrollY];
    change();
    if (focused && !root.contains(focused) && focusKey) {
      const again = root.querySelector(focusKey);
      if (again && typeof again.focus === "function") {
        again.focus({ preventScroll: true });
        if (selection && typeof again.setSelectionRange === "function") {
          const length = String(again.value || "").length;
          try { again.setSelectionRange(Math.min(selection[0], length), Math.min(selection[1], length), selection[2] || "none"); } catch (_) {}
        }
      }
    }
    for (const [key, top, left] of scrolled) {
      const element = elementAt(key);
      if (element && (element.scrollTop !== top || element.scrollLeft !== left)) { element.scrollTop = top; element.scrollLeft = left; }
    }
    if (window.scrollX !== page[0] || window.scrollY !== page[1]) window.scrollTo(page[0], page[1]);
  };

  // Another screen is a first frame; the same screen again (a live screen, an answer) is a change.
  const replace = (answer) => {
    if (typeof answer.content !== "string") return;
    if (answer.screen === root.dataset.screen) keepingPlace(() => withMotion(() => replaceContent(answer, true), true));
    else { replaceContent(answer, false); firstFrame(); }
  };
  const replaceContent = (answer, keepCSS) => {
    const before = behaviour ? variables() : null;
    addCSS(answer.css, true, keepCSS);
    const header = root.querySelector(".sp-header");
    const main = root.querySelector(".sp-main");
    const template = document.createElement("template");
    template.innerHTML = answer.content;
    main.replaceChildren(template.content);
    // Fields that check or mask what is typed need the input script from their first keystroke.
    if (main.querySelector("[data-sp-rules],[data-sp-mask]")) needInputs();
    if (answer.title) {
      document.title = answer.title;
      if (header) header.querySelector("h1").textContent = answer.title;
    }
    const sameScreen = answer.screen === root.dataset.screen;
    types = (answer.variables && typeof answer.variables === "object") ? answer.variables : {};
    if (answer.screen) root.dataset.screen = answer.screen;
    if (answer.intents) root.dataset.intents = answer.intents;
    if (answer.state && typeof answer.state === "object") {
      const typed = state;
      state = Object.assign({}, answer.state);
      // The same screen again keeps what the user typed.
      if (sameScreen) for (const key of Object.keys(answer.state)) if (key in typed) state[key] = typed[key];
      // Another screen that declares an app variable again finds the value this tab holds.
      else for (const name of appNames) if (name in state) { const value = appValue(name, true); if (value !== undefined) state[name] = value; }
      for (const key of Object.keys(state)) setState(key, state[key]);
    } else {
      // A pushed screen has no state of its own: what the user typed stays.
      for (const key of Object.keys(state)) setState(key, state[key]);
    }
    refreshVisibility();
    // Another screen stops the timers and starts its own behaviour; the same one sees the answer's values change.
    shown(answer.behaviour, !sameScreen);
    if (sameScreen) changed(before);
  };

  const sendIntent = async (name, payload) => {
    const url = root.dataset.intents || (location.pathname.replace(/\/$/, "") + "/intents");
    root.setAttribute("aria-busy", "true");
    try {
      const response = await fetch(url, {
        method: "POST", credentials: "same-origin",
        headers: { "Content-Type": "application/json", "Accept": "__FRAGMENT_MEDIA_TYPE__" },
        body: JSON.stringify({ name, payload: payload || {}, state: shared(), stateToken: token || undefined }),
      });
      const answer = await response.json();
      if (!response.ok) {
        // Fields the server refused show its word on them.
        for (const problem of (answer.error && answer.error.problems) || []) {
          const field = /^state\.([^.\[]+)$/.exec(String(problem.path || ""));
          if (!field) continue;
          state["$problem." + field[1]] = String(problem.message || "");
          state["$touched." + field[1]] = true;
        }
        refreshFields();
        root.dispatchEvent(new CustomEvent("screenplay:error", { bubbles: true, detail: answer.error || { status: response.status } }));
        return;
      }
      if (answer.stateToken) token = answer.stateToken;
      if (answer.content !== undefined) replace(answer);
      for (const effect of answer.effects || []) await run(effect);
    } catch (error) {
      root.dispatchEvent(new CustomEvent("screenplay:error", { bubbles: true, detail: { message: String(error) } }));
    } finally {
      root.removeAttribute("aria-busy");
    }
  };

  const run = async (action) => {
    if (!action || typeof action !== "object") return;
    if (hidden && NAVIGATES.has(action.type)) {
      if (waitingNavigation === null) waitingNavigation = action;
      else report(action.type, "a navigation already waits for the page to be seen again; ignored");
      return;
    }
    switch (action.type) {
      case "navigate": case "present": { const url = safeURL(action.url); if (url) location.assign(url); break; }
      case "open": { const url = safeURL(action.url); if (url) window.open(url, "_blank", "noopener,noreferrer"); break; }
      case "intent": await sendIntent(action.name, action.payload); break;
      case "back": case "dismiss": history.back(); break;
      case "setState": setState(action.key, action.value === undefined ? null : action.value); break;
      case "set": {
        // Tapped before the evaluator arrived (it loads after an answer brings expressions): wait for it.
        if (!expressions()) await expressionsLoaded();
        const result = evaluate(action.value);
        const declared = types[action.variable];
        const fits = !declared || result.type === declared || (declared === "number" && result.type === "integer");
        if (result.type === "error" || !fits) {
          const message = result.type === "error" ? result.value : `${action.variable} is ${declared}, and the value is ${result.type}`;
          root.dispatchEvent(new CustomEvent("screenplay:error", { bubbles: true, detail: { message } }));
          break;
        }
        setState(action.variable, declared === "number" ? Number(result.value) : stored(result));
        break;
      }
      case "timer": {
        if (!behaviour) { report("timer", `the screen has no timer "${action.id}", or its script is not loaded; ${action.command} ignored`); break; }
        await applyTimers(behaviour.timers.perform(action.command, action.id, now(), variables()));
        schedule();
        break;
      }
      case "reload": location.reload(); break;
      case "sequence": for (const step of action.actions || []) if ((await run(step)) === false) return false; break;
      case "validate": {
        // Every problem shown; the rest of the sequence runs only when there is none.
        const wanted = Array.isArray(action.fields) && action.fields.length > 0 ? action.fields : null;
        // Rules that arrived with an answer are checked by a script loaded then: wait for it.
        if (!inputs() && root.querySelector("input[data-sp-rules]")) await inputsLoaded();
        let first = null;
        for (const input of root.querySelectorAll("input[data-sp-rules]")) {
          const key = input.dataset.spKey;
          if (wanted && !wanted.includes(key)) continue;
          state["$touched." + key] = true;
          delete state["$problem." + key];
          if (showProblem(input) && !first) first = input;
        }
        if (first) { first.focus(); return false; }
        break;
      }
      case "track": root.dispatchEvent(new CustomEvent("screenplay:track", { bubbles: true, detail: { event: action.event, properties: action.properties || {} } })); break;
      default: break;
    }
  };

  const tapsRunning = new Set();
  const actionOf = (target) => target instanceof Element ? target.closest("[data-sp-action]") : null;
  root.addEventListener("click", (event) => {
    const element = actionOf(event.target);
    if (!element || !root.contains(element) || element.disabled) return;
    event.preventDefault();
    let action;
    try { action = JSON.parse(element.dataset.spAction); } catch (_) { return; }
    // One tap, one action: the same action still running (an intent waiting for its answer, a page
    // being left) is not started again, whichever node repeats it.
    const key = element.dataset.spAction;
    if (tapsRunning.has(key)) { report(action.type, "the same tap is still running; ignored"); return; }
    tapsRunning.add(key);
    const leaves = ["navigate", "present", "reload"].includes(action.type) && !hidden;
    Promise.resolve(run(action)).finally(() => { if (!leaves) tapsRunning.delete(key); });
  });
  root.addEventListener("keydown", (event) => {
    if (event.key !== "Enter" && event.key !== " ") return;
    const element = actionOf(event.target);
    if (!element || element.tagName === "BUTTON") return;
    event.preventDefault();
    element.click();
  });
  const onInput = (event) => {
    const input = event.target;
    if (!(input instanceof HTMLInputElement) || !input.dataset.spKey) return;
    const key = input.dataset.spKey;
    const before = behaviour ? variables() : null;
    let mask = null;
    if (input.dataset.spMask) { try { mask = JSON.parse(input.dataset.spMask); } catch (_) { mask = null; } }
    if (mask && inputs()) {
      // The field shows the masked text; the variable holds the raw value. The caret stays where the user
      // types (ScreenplayInputs.edit, MaskedEdit in Swift); nothing is masked while an input method composes
      // (compositionend masks what it wrote).
      const old = maskedText.has(input) ? maskedText.get(input) : input.defaultValue;
      let caret = input.value.length;
      try { if (typeof input.selectionStart === "number") caret = input.selectionStart; } catch (_) { caret = input.value.length; }
      const edit = inputs().edit(mask, old, input.value, caret, event.isComposing === true, locale);
      if (!edit || edit.composing) return;
      if (input.value !== edit.display) input.value = edit.display;
      maskedText.set(input, edit.display);
      if (document.activeElement === input) { try { input.setSelectionRange(edit.caret, edit.caret); } catch (_) {} }
      state[key] = edit.raw;
    } else {
      if (mask) needInputs();
      state[key] = input.type === "checkbox" ? input.checked : input.value;
    }
    delete state["$problem." + key];
    if (input.type === "checkbox") input.setAttribute("aria-checked", String(input.checked));
    saveApp(key);
    refreshVisibility();
    changed(before);
  };
  // What each masked field showed after its last edit: the text an edit is read against.
  const maskedText = new WeakMap();
  root.addEventListener("input", onInput);
  root.addEventListener("compositionend", onInput);
  root.addEventListener("focusout", (event) => {
    const input = event.target;
    if (!(input instanceof HTMLInputElement) || !input.dataset.spRules) return;
    state["$touched." + input.dataset.spKey] = true;
    showProblem(input);
  });
  root.addEventListener("change", onInput);
  // Live updates: the screen's stream, rendered for the web, patched in place. `patches=2` asks for the
  // patch's own operations at node addresses (WebPatchEvent.NodeOperation): only what changed is drawn again.
  const streamURL = safeURL(root.dataset.stream || "");
  // The element of a node's id, as HTMLRenderer.elementID writes it: "%" and white space escaped.
  const byID = (id) => document.getElementById("sp-" + String(id).replace(/[%\t\n\f\r ]/g,
    (c) => "%" + c.charCodeAt(0).toString(16).toUpperCase().padStart(2, "0")));
  // A node's own element inside what its container holds (a link around it, a carousel's slot).
  const ownElement = (unit) => {
    let element = unit;
    while (element && (element.classList.contains("sp-slot") || (element.tagName === "A" && element.className === "sp-link"))) {
      element = present(element)[0] || null;
    }
    return element;
  };
  // What a container holds for the node at an address: the node's id (none: the body), then child positions.
  const unitAt = (op) => {
    let unit;
    if (op.id === undefined || op.id === null) unit = present(root.querySelector(".sp-main"))[0] || null;
    else {
      const element = byID(op.id);
      if (!element || !root.contains(element) || element.closest("[data-sp-leaving]")) return null;
      unit = element.parentElement && element.parentElement.tagName === "A" && element.parentElement.className === "sp-link" ? element.parentElement : element;
    }
    for (const index of Array.isArray(op.path) ? op.path : []) {
      const element = ownElement(unit);
      if (!element || !Number.isInteger(index)) return null;
      unit = present(element)[index] || null;
    }
    return unit;
  };
  const fragment = (html) => {
    const template = document.createElement("template");
    template.innerHTML = typeof html === "string" ? html : "";
    return template.content;
  };
  // Each operation in order; false when one does not find its node (the page is then loaded again).
  const applyOps = (ops) => {
    for (const op of ops) {
      if (!op || typeof op !== "object") return false;
      const unit = unitAt(op);
      if (!unit) return false;
      switch (op.op) {
        case "replace": addCSS(op.css, false); unit.replaceWith(fragment(op.html)); break;
        case "remove": unit.remove(); break;
        case "insert": case "move": {
          const container = ownElement(unit);
          if (!container) return false;
          const children = present(container);
          let moving;
          if (op.op === "insert") {
            if (!Number.isInteger(op.index) || op.index < 0 || op.index > children.length) return false;
            addCSS(op.css, false);
            moving = fragment(op.html);
          } else {
            if (!Number.isInteger(op.from) || !Number.isInteger(op.to) || !children[op.from] || !children[op.to]) return false;
            moving = children[op.from];
            moving.remove();
          }
          const at = op.op === "insert" ? op.index : op.to;
          const before = present(container)[at] || null;
          container.insertBefore(moving, before);
          break;
        }
        default: return false;
      }
    }
    return true;
  };
  // Each changed node in place of its element (a server that sends nodes by id).
  const patchNodes = (answer) => {
    for (const change of answer.changes || []) {
      const element = byID(change.id);
      if (!element || !root.contains(element)) continue;
      const wrapper = element.parentElement;
      const target = wrapper && wrapper.classList.contains("sp-link") ? wrapper : element;
      addCSS(change.css, false);
      target.replaceWith(fragment(change.html));
    }
    return true;
  };
  let source = null;
  const follow = () => {
    if (!streamURL || !("EventSource" in window)) return;
    source = new EventSource(streamURL + (streamURL.includes("?") ? "&" : "?") + "patches=2");
    source.addEventListener("screen", (event) => {
      // The version the page shows (the stream's first event, mostly): nothing to redraw.
      if (event.lastEventId && event.lastEventId === root.dataset.version) return;
      try { replace(JSON.parse(event.data)); } catch (_) { return; }
      root.dataset.version = event.lastEventId;
    });
    source.addEventListener("patch", (event) => {
      let answer;
      try { answer = JSON.parse(event.data); } catch (_) { return; }
      if (typeof answer.content === "string") { replace(answer); root.dataset.version = event.lastEventId; return; }
      let applied = false;
      keepingPlace(() => withMotion(() => {
        applied = Array.isArray(answer.ops) ? applyOps(answer.ops) : patchNodes(answer);
        for (const key of Object.keys(state)) setState(key, state[key]);
        refreshVisibility();
      }, true));
      if (applied) { root.dataset.version = event.lastEventId; return; }
      // A node the patch names is not in the page: the stream again from the start sends the whole screen.
      report("stream", "a patch did not match the page; loading the screen again");
      root.dataset.version = "";
      source.close();
      follow();
    });
    source.addEventListener("open", () => { root.dataset.live = "true"; });
    source.addEventListener("error", () => { root.dataset.live = "false"; });
  };
  follow();

  for (const name of appNames) {
    const value = appValue(name, false);
    if (value !== undefined) setState(name, value);
  }
  refreshVisibility();
  firstFrame();
  shown(declared, true);
  root.dataset.active = String(!hidden);
  root.dataset.ready = "true";
})();
