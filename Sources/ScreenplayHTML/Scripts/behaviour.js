// Screenplay behaviour: triggers and timers, with the same answers as TriggerEvaluator and ScreenTimers in Swift.
// Needs ScreenplayExpressions. Pure: variables and times are passed in. No dependencies, no eval.
(() => {
  "use strict";
  const root = typeof window !== "undefined" ? window : globalThis;
  const E = root.ScreenplayExpressions;
  const LIMITS = Object.freeze({ maximumTimers: 16, minimumTickInterval: 50, maximumDuration: 86400000, maximumFiringsPerChange: 32 });

  // The variables an expression reads (a getIntegerValue('name', …)-style read by a literal name counts too).
  const reads = (source) => {
    const names = new Set();
    let tree;
    try { tree = E.parse(source); } catch (_) { return names; }
    const stack = [tree];
    while (stack.length) {
      const n = stack.pop();
      if (!n || typeof n !== "object") continue;
      if (n.k === "variable") names.add(n.name);
      if (n.k === "call" && /^get.*Value$/.test(n.name) && n.args && n.args[0]) {
        // The first argument, when it is a quoted name: a string literal ({ t: "string", v }), or a template of one.
        let first = n.args[0];
        if (first.k === "template" && first.parts && first.parts.length === 1) first = first.parts[0];
        if (first.k === "literal" && first.value && first.value.t === "string" && typeof first.value.v === "string") names.add(first.value.v);
      }
      for (const key of ["parts", "args"]) if (Array.isArray(n[key])) stack.push(...n[key]);
      for (const key of ["condition", "then", "otherwise", "left", "right", "operand", "receiver"]) if (n[key]) stack.push(n[key]);
    }
    return names;
  };
  const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
  // Variables as the evaluator takes them: [{ name, type, value }] (the page's `variables()`).
  const valueOf = (list, name) => { for (const v of list) if (v.name === name) return v.value; return undefined; };

  const triggers = (list, options) => {
    const opts = Object.assign({ locale: "en" }, options || {});
    const limits = Object.assign({}, LIMITS, opts.limits || {});
    const items = (Array.isArray(list) ? list : []).map((t) => ({
      condition: String(t.condition), mode: t.mode === "onVariable" ? "onVariable" : "onCondition", once: t.once === true,
      actions: Array.isArray(t.actions) ? t.actions : [], reads: reads(String(t.condition)) }));
    const spent = new Set();
    let left = limits.maximumFiringsPerChange;
    const holds = (t, variables) => E.evaluate(t.condition, variables, { locale: opts.locale });
    // The values the triggers were held with while their screen is not on screen, or null.
    let heldFrom = null;
    const api = {
      beginChange() { left = limits.maximumFiringsPerChange; },
      isHeld: () => heldFrom !== null,
      hold(variables) { if (heldFrom === null) heldFrom = variables; },
      // Shown again: what changed while held is one new change.
      release(variables) {
        if (heldFrom === null) return { fired: [], actions: [], problems: [], limited: false };
        const before = heldFrom;
        heldFrom = null;
        api.beginChange();
        return api.evaluate(before, variables);
      },
      evaluate(before, after) {
        const out = { fired: [], actions: [], problems: [], limited: false };
        if (heldFrom !== null) return out;
        const names = new Set([...before.map((v) => v.name), ...after.map((v) => v.name)]);
        const changed = new Set([...names].filter((n) => !same(valueOf(before, n), valueOf(after, n))));
        if (!changed.size) return out;
        items.forEach((t, index) => {
          if (spent.has(index) || ![...t.reads].some((n) => changed.has(n))) return;
          const now = holds(t, after);
          if (now.type === "error") { out.problems.push(`trigger ${index} (${t.condition}): ${now.value}`); return; }
          if (!(now.type === "boolean" && now.value === true)) return;
          if (t.mode === "onCondition") { const was = holds(t, before); if (was.type === "boolean" && was.value === true) return; }
          if (left <= 0) { out.limited = true; return; }
          left -= 1;
          if (t.once) spent.add(index);
          out.fired.push(index);
          out.actions.push(...t.actions);
        });
        return out;
      },
    };
    return api;
  };

  const timers = (list, options) => {
    const opts = Object.assign({ locale: "en" }, options || {});
    const limits = Object.assign({}, LIMITS, opts.limits || {});
    const items = (Array.isArray(list) ? list : []).slice(0, limits.maximumTimers);
    const runs = new Map();
    // Since when the timers are held (their screen is not on screen), or null; a command counts to then.
    let heldSince = null;
    const counting = (now) => heldSince === null ? now : Math.min(heldSince, now);
    const elapsed = (run, now) => run.counted + (run.since === null ? 0 : Math.max(0, now - run.since));
    const step = (timer, event, value) => ({ timer: timer.id, event, value, valueVariable: timer.valueVariable || null,
      actions: event === "tick" ? (timer.tickActions || []) : event === "end" ? (timer.endActions || []) : [] });
    // A duration or interval: milliseconds, or an integer expression evaluated at start.
    const millis = (spec, variables) => {
      if (spec === undefined || spec === null) return { value: null };
      if (typeof spec === "number") return { value: spec };
      const r = E.evaluate(String(spec), variables, { locale: opts.locale });
      if (r.type === "error") return { error: r.value };
      if (r.type !== "integer") return { error: `a timer's duration must be an integer, and ${spec} is ${r.type}` };
      return { value: Number(r.value) };
    };
    const start = (timer, now, variables, out) => {
      const d = millis(timer.duration, variables), i = millis(timer.tickInterval, variables);
      if (d.error !== undefined || i.error !== undefined) { out.problems.push(`timer "${timer.id}": ${d.error || i.error}; start ignored`); return; }
      const duration = d.value === null ? 0 : d.value;
      if (duration < 0 || duration > limits.maximumDuration) {
        out.problems.push(`timer "${timer.id}": a duration is 0 to ${limits.maximumDuration} ms, not ${duration}; start ignored`); return;
      }
      let interval = i.value;
      if (interval !== null && interval < limits.minimumTickInterval) {
        if (interval <= 0) out.problems.push(`timer "${timer.id}": a tick interval of ${interval} ms never ticks`);
        interval = limits.minimumTickInterval;
      }
      runs.set(timer.id, { counted: 0, since: now, duration, interval, nextTick: interval });
      out.steps.push(step(timer, "value", 0));
    };
    return {
      isActive: (id) => runs.has(id),
      isPaused: (id) => runs.has(id) && runs.get(id).since === null,
      isHeld: () => heldSince !== null,
      hold(now) { if (heldSince === null) heldSince = now; },
      // Each goes on with what it had counted when held; one started or resumed while held counts from now.
      release(now) {
        if (heldSince === null) return;
        for (const run of runs.values()) if (run.since !== null) run.since = now - Math.max(0, heldSince - run.since);
        heldSince = null;
      },
      nextDeadline() {
        if (heldSince !== null) return null;
        let best = null;
        for (const run of runs.values()) {
          if (run.since === null) continue;
          const next = [];
          if (run.nextTick !== null) next.push(run.nextTick);
          if (run.duration > 0) next.push(run.duration);
          if (!next.length) continue;
          const at = run.since + Math.min(...next) - run.counted;
          if (best === null || at < best) best = at;
        }
        return best;
      },
      perform(command, id, now, variables) {
        const out = { steps: [], problems: [] };
        const timer = items.find((t) => t.id === id);
        if (!timer) { out.problems.push(`the screen has no timer "${id}"; ${command} ignored`); return out; }
        const ignored = (why) => { out.problems.push(`timer "${id}" ${why}; ${command} ignored`); return out; };
        const run = runs.get(id);
        switch (command) {
          case "start": if (run) return ignored("is already started"); start(timer, now, variables, out); break;
          case "reset": runs.delete(id); start(timer, now, variables, out); break;
          case "stop": if (!run) return ignored("is not started"); runs.delete(id); out.steps.push(step(timer, "end", elapsed(run, counting(now)))); break;
          case "cancel": if (!run) return ignored("is not started"); runs.delete(id); break;
          case "pause":
            if (!run || run.since === null) return ignored("is not running");
            run.counted = elapsed(run, counting(now)); run.since = null; out.steps.push(step(timer, "value", run.counted)); break;
          case "resume":
            if (!run || run.since !== null) return ignored("is not paused");
            run.since = now; out.steps.push(step(timer, "value", run.counted)); break;
          default: return ignored("has no such command");
        }
        return out;
      },
      advance(now) {
        const out = { steps: [], problems: [] };
        if (heldSince !== null) return out;
        for (const timer of items) {
          const run = runs.get(timer.id);
          if (!run || run.since === null) continue;
          const e = elapsed(run, now);
          if (run.duration > 0 && e >= run.duration) { runs.delete(timer.id); out.steps.push(step(timer, "end", run.duration)); }
          else if (run.nextTick !== null && e >= run.nextTick) {
            run.nextTick = (Math.floor(e / run.interval) + 1) * run.interval;
            out.steps.push(step(timer, "tick", e));
          }
        }
        return out;
      },
      cancelAll() { runs.clear(); },
    };
  };

  const api = Object.freeze({ limits: LIMITS, reads, triggers, timers });
  root.ScreenplayBehaviour = api;
})();
