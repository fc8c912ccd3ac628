import Crypto
import Foundation

/// The page's runtime: a small script, no framework, served from the same origin under a name
/// that carries its hash (so it can be cached for a year and never goes stale).
///
/// It makes actions work: intents are POSTed with the client state and the signed state token,
/// and the screen the server answers replaces the page's content; inputs update the client state;
/// nodes bound to state (`data-sp-visible`) show and hide as it changes. Navigation needs none of
/// it: links are real links.
///
/// ```swift
/// router.get(WebRuntime.path) { _, _ in Response(…body: WebRuntime.source…) }
/// ```
public enum WebRuntime {
    /// `/screenplay/runtime-<first 12 hex digits of the source's SHA-256>.js`.
    public static let path: String = {
        let digest = SHA256.hash(data: Data(source.utf8))
        let hex = digest.prefix(6).map { String(format: "%02x", $0) }.joined()
        return "/screenplay/runtime-\(hex).js"
    }()

    /// The media type an intent asks for to get the page's new content rather than a screen document.
    public static let fragmentMediaType = "application/vnd.screenplay.page+json"

    public static let source = #"""
        // Screenplay web runtime: actions, client state and bound visibility for a server-rendered screen.
        (() => {
          "use strict";
          const root = document.getElementById("screenplay");
          if (!root) return;
          let state = {};
          try { state = JSON.parse(root.dataset.state || "{}"); } catch (_) { state = {}; }
          let token = root.dataset.stateToken || null;
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
          const refreshVisibility = () => {
            for (const element of root.querySelectorAll("[data-sp-visible]")) {
              let condition;
              try { condition = JSON.parse(element.dataset.spVisible); } catch (_) { continue; }
              element.hidden = !holds(condition);
            }
          };
          const setState = (key, value) => {
            state[key] = value;
            for (const input of root.querySelectorAll("[data-sp-key]")) {
              if (input.dataset.spKey !== key) continue;
              if (input.type === "checkbox") { input.checked = truthy(value); input.setAttribute("aria-checked", String(input.checked)); }
              else if (document.activeElement !== input) input.value = value === null ? "" : String(value);
            }
            refreshVisibility();
          };

          // Rules added after the page loaded (intents, live patches), newest last, bounded.
          const added = new Map();
          const addCSS = (css, reset) => {
            if (!sheet || typeof css !== "string") return;
            if (reset) added.clear();
            added.delete(css);
            added.set(css, true);
            while (added.size > 500) added.delete(added.keys().next().value);
            sheet.replaceSync([...added.keys()].join("\n"));
          };

          const replace = (answer) => {
            if (typeof answer.content !== "string") return;
            addCSS(answer.css, true);
            const header = root.querySelector(".sp-header");
            const main = root.querySelector(".sp-main");
            const template = document.createElement("template");
            template.innerHTML = answer.content;
            main.replaceChildren(template.content);
            if (answer.title) {
              document.title = answer.title;
              if (header) header.querySelector("h1").textContent = answer.title;
            }
            const sameScreen = answer.screen === root.dataset.screen;
            if (answer.screen) root.dataset.screen = answer.screen;
            if (answer.intents) root.dataset.intents = answer.intents;
            if (answer.state && typeof answer.state === "object") {
              const typed = state;
              state = Object.assign({}, answer.state);
              // The same screen again keeps what the user typed.
              if (sameScreen) for (const key of Object.keys(answer.state)) if (key in typed) state[key] = typed[key];
              for (const key of Object.keys(state)) setState(key, state[key]);
            } else {
              // A pushed screen has no state of its own: what the user typed stays.
              for (const key of Object.keys(state)) setState(key, state[key]);
            }
            refreshVisibility();
          };

          const sendIntent = async (name, payload) => {
            const url = root.dataset.intents || (location.pathname.replace(/\/$/, "") + "/intents");
            root.setAttribute("aria-busy", "true");
            try {
              const response = await fetch(url, {
                method: "POST", credentials: "same-origin",
                headers: { "Content-Type": "application/json", "Accept": "\#(fragmentMediaType)" },
                body: JSON.stringify({ name, payload: payload || {}, state, stateToken: token || undefined }),
              });
              const answer = await response.json();
              if (!response.ok) {
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
            switch (action.type) {
              case "navigate": case "present": { const url = safeURL(action.url); if (url) location.assign(url); break; }
              case "open": { const url = safeURL(action.url); if (url) window.open(url, "_blank", "noopener,noreferrer"); break; }
              case "intent": await sendIntent(action.name, action.payload); break;
              case "back": case "dismiss": history.back(); break;
              case "setState": setState(action.key, action.value === undefined ? null : action.value); break;
              case "reload": location.reload(); break;
              case "sequence": for (const step of action.actions || []) await run(step); break;
              case "track": root.dispatchEvent(new CustomEvent("screenplay:track", { bubbles: true, detail: { event: action.event, properties: action.properties || {} } })); break;
              default: break;
            }
          };

          const actionOf = (target) => target instanceof Element ? target.closest("[data-sp-action]") : null;
          root.addEventListener("click", (event) => {
            const element = actionOf(event.target);
            if (!element || !root.contains(element) || element.disabled) return;
            event.preventDefault();
            let action;
            try { action = JSON.parse(element.dataset.spAction); } catch (_) { return; }
            run(action);
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
            state[input.dataset.spKey] = input.type === "checkbox" ? input.checked : input.value;
            if (input.type === "checkbox") input.setAttribute("aria-checked", String(input.checked));
            refreshVisibility();
          };
          root.addEventListener("input", onInput);
          root.addEventListener("change", onInput);
          // Live updates: the screen's stream, rendered for the web, patched in place.
          const streamURL = safeURL(root.dataset.stream || "");
          if (streamURL && "EventSource" in window) {
            const source = new EventSource(streamURL);
            source.addEventListener("screen", (event) => {
              try { replace(JSON.parse(event.data)); } catch (_) {}
            });
            source.addEventListener("patch", (event) => {
              let answer;
              try { answer = JSON.parse(event.data); } catch (_) { return; }
              if (typeof answer.content === "string") { replace(answer); return; }
              for (const change of answer.changes || []) {
                // The element id as HTMLRenderer.elementID writes it: "%" and white space escaped.
                const element = document.getElementById("sp-" + String(change.id).replace(/[%\t\n\f\r ]/g,
                  (c) => "%" + c.charCodeAt(0).toString(16).toUpperCase().padStart(2, "0")));
                if (!element || !root.contains(element)) continue;
                const template = document.createElement("template");
                template.innerHTML = change.html;
                const wrapper = element.parentElement;
                const target = wrapper && wrapper.classList.contains("sp-link") ? wrapper : element;
                addCSS(change.css, false);
                target.replaceWith(template.content);
              }
              for (const key of Object.keys(state)) setState(key, state[key]);
              refreshVisibility();
              root.dataset.version = event.lastEventId;
            });
            source.addEventListener("open", () => { root.dataset.live = "true"; });
            source.addEventListener("error", () => { root.dataset.live = "false"; });
          }

          refreshVisibility();
          root.dataset.ready = "true";
        })();
        """#
}
