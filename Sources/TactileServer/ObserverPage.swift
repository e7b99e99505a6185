import Foundation

/// The observer page: one self-contained HTML file (no script or style fetched from anywhere).
/// It opens the `/live` WebSocket with the page's own token, shows the state and a ticker of the
/// log, refreshes the picture every second (the next request only once the last arrived), and
/// sends markers (the buttons, or M and 1–9 on the keyboard) and notes back.
enum ObserverPage {
    static func html(markers: [String: String]) -> String {
        let buttons = (["m": "marker"].merging(markers) { a, _ in a }).sorted { $0.key == "m" ? true : $1.key == "m" ? false : $0.key < $1.key }
            .map { key, name in "<button class=\"marker\" data-key=\"\(key)\" id=\"marker-\(key)\"><kbd>\(key.uppercased())</kbd> \(escape(name))</button>" }
            .joined(separator: "\n      ")
        return """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
            <title>Tactile observer</title>
            <style>
            body { font: 14px/1.4 system-ui, sans-serif; margin: 0; background: #111318; color: #eee; }
            header { display: flex; gap: 24px; align-items: baseline; padding: 12px 16px; background: #1c1f27; flex-wrap: wrap; }
            header b { font-size: 17px; } #timer { font: 600 22px ui-monospace, monospace; } #status { margin-left: auto; color: #8a8; }
            #status.down { color: #e66; }
            main { display: grid; grid-template-columns: minmax(200px, 360px) 1fr; gap: 16px; padding: 16px; }
            #frame { width: 100%; border-radius: 12px; background: #000; min-height: 200px; }
            #ticker { list-style: none; margin: 0; padding: 0; max-height: 70vh; overflow-y: auto; font: 13px ui-monospace, monospace; }
            #ticker li { padding: 3px 6px; border-bottom: 1px solid #222; } #ticker li.miss, #ticker li.signal { color: #fc6; }
            #ticker li.error, #ticker li.problem { color: #f77; } #ticker li.task { color: #7cf; } #ticker li.marker { color: #c9f; }
            .controls { display: flex; flex-wrap: wrap; gap: 8px; margin-bottom: 12px; }
            button { background: #2a3040; color: #eee; border: 0; border-radius: 8px; padding: 10px 14px; font-size: 14px; cursor: pointer; }
            button:active { background: #46506a; } kbd { color: #9ab; }
            #note { flex: 1; min-width: 200px; padding: 10px; border-radius: 8px; border: 1px solid #333; background: #181b22; color: #eee; }
            </style></head><body>
            <header>
              <span>Participant <b id="participant">–</b></span>
              <span>Variant <b id="variant">–</b></span>
              <span id="stage">–</span>
              <span>Task <b id="task">–</b> <span id="prompt"></span></span>
              <span id="timer">0:00</span>
              <span id="status" class="down">connecting…</span>
            </header>
            <main>
              <div><img id="frame" alt="The participant's screen"></div>
              <div>
                <div class="controls">
                  \(buttons)
                </div>
                <div class="controls"><input id="note" placeholder="A note (Return adds it)"><button id="add-note">Add note</button></div>
                <label class="controls"><input type="checkbox" id="all-events"> Show every event (snaps, cues, gesture phases)</label>
                <ul id="ticker"></ul>
              </div>
            </main>
            <script>
            "use strict";
            const token = new URLSearchParams(location.search).get("token") || "";
            const $ = id => document.getElementById(id);
            let socket = null, taskStarted = null, taskRunning = false, frameCount = 0, sent = 0;
            function showTime(seconds) {
              const s = Math.max(0, Math.floor(seconds));
              $("timer").textContent = Math.floor(s / 60) + ":" + String(s % 60).padStart(2, "0");
            }
            // Seconds as people read them: one decimal ("18.5 s", never "18.494706 s").
            const seconds = v => (typeof v === "number" ? v.toFixed(1) : String(v === undefined ? "" : v));
            // Low-level events stay in the log but out of the ticker unless asked for.
            const lowLevel = new Set(["snap", "cue", "arena.decided", "gesture.began", "gesture.changed", "gesture.ended", "gesture.cancelled"]);
            function describe(e) {
              const f = k => (e[k] === undefined ? "" : e[k]);
              switch (e.kind) {
                case "gesture.recognized": return f("gesture") + " on " + f("target");
                case "miss": return "miss" + (e.nearest ? " near " + e.nearest + " (" + e.distance + " pt)" : "");
                case "signal": return f("signal") + (e.target ? " on " + e.target : "");
                case "task.began": return "task " + f("task") + " began";
                case "task.ended": return "task " + f("task") + " " + f("outcome") + " after " + seconds(e.seconds) + " s";
                case "answer": return f("questionnaire") + " " + f("item") + " = " + f("value");
                case "marker": return "marker " + f("category") + (e.note ? ": " + e.note : "") + " (" + f("source") + ")";
                case "edit": return "edit " + f("edit") + " " + f("clip");
                default: return e.kind;
              }
            }
            function show(e) {
              const li = document.createElement("li");
              li.className = e.kind.split(".")[0];
              li.dataset.kind = e.kind;
              li.dataset.low = lowLevel.has(e.kind);
              li.hidden = lowLevel.has(e.kind) && !$("all-events").checked;
              li.textContent = (typeof e.t === "number" ? e.t.toFixed(1).padStart(7) + " s  " : "") + describe(e);
              const list = $("ticker");
              list.insertBefore(li, list.firstChild);
              while (list.children.length > 300) list.removeChild(list.lastChild);
            }
            function state(s) {
              $("participant").textContent = s.participant || "–";
              $("variant").textContent = s.variant || "–";
              $("stage").textContent = s.stage || "";
              $("task").textContent = s.task ? s.task.id + " (" + s.task.index + " of " + s.task.count + ")" : "–";
              $("prompt").textContent = s.task ? s.task.prompt : "";
              taskStarted = s.task && typeof s.task.elapsed === "number" ? performance.now() - s.task.elapsed * 1000 : null;
              taskRunning = !!(s.task && s.task.running);
              if (s.task && !taskRunning && typeof s.task.elapsed === "number") showTime(s.task.elapsed);
            }
            function connect() {
              socket = new WebSocket((location.protocol === "https:" ? "wss://" : "ws://") + location.host + "/live?token=" + encodeURIComponent(token));
              socket.onopen = () => { $("status").textContent = "live"; $("status").className = ""; };
              socket.onclose = () => { $("status").textContent = "reconnecting…"; $("status").className = "down"; setTimeout(connect, 1000); };
              socket.onmessage = m => {
                const message = JSON.parse(m.data);
                if (message.type === "state") state(message.state); else if (message.type === "log") show(message.event);
              };
            }
            function send(command) {
              if (socket && socket.readyState === WebSocket.OPEN) { socket.send(JSON.stringify(command)); sent += 1; document.body.dataset.sent = sent; }
            }
            document.querySelectorAll("button.marker").forEach(b => b.addEventListener("click", () => send({ key: b.dataset.key })));
            function addNote() { const text = $("note").value.trim(); if (text) { send({ note: text }); $("note").value = ""; } }
            $("add-note").addEventListener("click", addNote);
            $("all-events").addEventListener("change", () => {
              document.querySelectorAll("#ticker li[data-low=true]").forEach(li => { li.hidden = !$("all-events").checked; });
            });
            $("note").addEventListener("keydown", e => { if (e.key === "Enter") addNote(); });
            document.addEventListener("keydown", e => {
              if (e.target === $("note")) return;
              const k = e.key.toLowerCase();
              if (k === "m" || (k >= "1" && k <= "9" && $("marker-" + k))) send({ key: k });
            });
            setInterval(() => {
              if (taskStarted === null) { $("timer").textContent = "–"; return; }
              if (taskRunning) showTime((performance.now() - taskStarted) / 1000);
            }, 250);
            function refresh() {
              const img = new Image();
              img.onload = () => { $("frame").src = img.src; document.body.dataset.frames = ++frameCount; setTimeout(refresh, 1000); };
              img.onerror = () => setTimeout(refresh, 1000);
              img.src = "frame.png?token=" + encodeURIComponent(token) + "&n=" + Date.now();
            }
            connect();
            refresh();
            </script>
            </body></html>

            """
    }

    static func escape(_ s: String) -> String {
        s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
            .replacingOccurrences(of: "\"", with: "&quot;")
    }
}
