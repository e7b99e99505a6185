// The observer page's script, embedded in the binary (the page fetches nothing). It reads
// `savedShownFor` (milliseconds) from the small script `ObserverPage.html` writes before it.

extension ObserverPage {
    /// The page's JavaScript: the socket, the ticker, the outbox of markers and notes, the picture.
    static let script = ##"""
        "use strict";
        const token = new URLSearchParams(location.search).get("token") || "";
        const $ = id => document.getElementById(id);
        let socket = null, taskStarted = null, taskRunning = false, frameCount = 0, sent = 0, saved = 0;
        // The study and participant on show (undefined until the first state), and whether
        // the socket is open and its first state has come (only then is anything sent).
        let current, live = false, stale = false, connection = "connecting…";
        function showTime(seconds) {
          const s = Math.max(0, Math.floor(seconds));
          $("timer").textContent = Math.floor(s / 60) + ":" + String(s % 60).padStart(2, "0");
        }
        // "1:05.3" for 65.3 s, as a video player shows it.
        const videoTime = v => { const t = Math.round(Math.max(0, v) * 10); return Math.floor(t / 600) + ":" + String(Math.floor(t / 10) % 60).padStart(2, "0") + "." + (t % 10); };
        function show(e) {
          const li = document.createElement("li");
          // The feed says how to show each event (its words, whether it is low-level, its colour).
          li.className = e.group || "";
          li.dataset.kind = e.kind;
          li.dataset.low = !!e.low;
          li.hidden = !!e.low && !$("all-events").checked;
          // The study's clock; in a block, the block's too: the time to seek to in its video.
          li.textContent = (typeof e.t === "number" ? e.t.toFixed(1).padStart(7) + " s  " : "")
            + (typeof e.blockT === "number" ? "(video " + videoTime(e.blockT) + ")  " : "") + (e.say || e.kind);
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

        // The outbox: every marker and note until the program has saved it (or refused it),
        // kept in localStorage (shared by this origin's tabs, merged by id) across reloads.
        const storeKey = "tactile.observer.outbox";
        let outbox = stored().filter(i => i.state !== "saved");
        const forgotten = new Set();
        function stored() {
          try { const a = JSON.parse(localStorage.getItem(storeKey) || "[]"); return Array.isArray(a) ? a.filter(i => i && typeof i.id === "string") : []; }
          catch (e) { return []; }
        }
        function keep() {
          const mine = new Set(outbox.map(i => i.id));
          const others = stored().filter(i => !mine.has(i.id) && !forgotten.has(i.id));
          try { localStorage.setItem(storeKey, JSON.stringify(others.concat(outbox.filter(i => i.state !== "saved")))); }
          catch (e) { /* no storage (full, or turned off): the outbox on screen still holds it */ }
        }
        function newId() {
          const bytes = new Uint8Array(8); crypto.getRandomValues(bytes);
          return Array.from(bytes, b => b.toString(16).padStart(2, "0")).join("");
        }
        function markerName(key) {
          const b = $("marker-" + key);
          return b ? b.dataset.name : "marker " + key;
        }
        const clock = ms => new Date(ms).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit", second: "2-digit", hourCycle: "h23" });
        const unsaved = () => outbox.filter(i => i.state === "queued" || i.state === "sent");
        function status() {
          const waiting = unsaved().length, refused = outbox.filter(i => i.state === "refused").length;
          let text = connection;
          if (waiting) text += " — " + waiting + " waiting to be saved";
          if (refused) text += " — " + refused + " not saved";
          $("status").textContent = text;
          $("status").className = live && !refused ? "" : "down";
        }
        // Updated in place, never rebuilt: a text being selected to copy stays selected.
        function render() {
          const list = $("outbox"), have = new Map(Array.from(list.children, li => [li.dataset.id, li]));
          for (const [id, li] of have) if (!outbox.some(i => i.id === id)) li.remove();
          for (const item of outbox) {
            let li = have.get(item.id);
            if (!li) {
              li = document.createElement("li"); li.dataset.id = item.id;
              const what = document.createElement("span"); what.className = "what";
              what.textContent = clock(item.at) + "  " + (item.key === "n" ? "note: " + item.note : markerName(item.key));
              const how = document.createElement("span"); how.className = "how";
              li.append(what, how); list.append(li);
            }
            const how = {
              queued: live ? "sending…" : "waiting: the program is not reachable",
              sent: "sent, waiting for the program to save it",
              saved: "saved",
              refused: "not saved: " + item.reason + " — copy the text",
            }[item.state];
            if (li.dataset.state !== item.state) li.dataset.state = item.state;
            if (li.querySelector(".how").textContent !== how) li.querySelector(".how").textContent = how;
            li.classList.toggle("fading", !!item.fading);
            if (item.state === "refused" && !li.querySelector("button.dismiss")) {
              const dismiss = document.createElement("button"); dismiss.className = "dismiss"; dismiss.textContent = "Dismiss";
              dismiss.addEventListener("click", () => forget(item));
              li.append(dismiss);
            }
          }
          document.body.dataset.saved = saved;
          status();
        }
        function forget(item) {
          outbox = outbox.filter(i => i !== item); forgotten.add(item.id); keep(); render();
        }
        function settle(id, outcome, reason) {
          const item = outbox.find(i => i.id === id);
          // The program's word is final: its ack wins over the page's own "may not be saved".
          if (!item || item.state === "saved" || (item.state === "refused" && outcome !== "saved")) return;
          item.state = outcome; item.reason = reason;
          if (outcome === "saved") {
            saved += 1;
            setTimeout(() => { item.fading = true; render(); setTimeout(() => forget(item), 1000); }, savedShownFor);
          }
          keep(); render();
        }
        // Why an item may not go to the participant on show (null: it may).
        function mismatch(item) {
          if (item.participant === current.participant && item.study === current.study) return null;
          const who = item.participant ? item.participant + "'s session ended" : "it was made before a participant's session began";
          return item.state === "sent" ? who + " before the program confirmed it (it may not be saved)" : who;
        }
        function deliver(item) {
          if (current === undefined) return;
          if (!("participant" in item)) { item.participant = current.participant; item.study = current.study; }
          const why = mismatch(item);
          if (why) { settle(item.id, "refused", why); return; }
          if (!live) return;
          const command = { id: item.id, key: item.key, participant: item.participant, age: Math.max(0, Date.now() - item.at) };
          if (item.key === "n") command.note = item.note;
          socket.send(JSON.stringify(command));
          sent += 1; document.body.dataset.sent = sent;
          item.state = "sent";
        }
        function add(key, note) {
          const item = { id: newId(), key: key, at: Date.now(), state: "queued" };
          if (note !== undefined) item.note = note;
          if (current !== undefined) { item.participant = current.participant; item.study = current.study; }
          outbox.push(item);
          deliver(item);
          keep(); render();
        }
        function receive(message) {
          if (message.type === "state") {
            const first = !live && socket && socket.readyState === WebSocket.OPEN;
            state(message.state);
            current = { participant: message.state.participant || null, study: message.state.study || null };
            if (first) live = true;
            // Sent again after every reconnect; checked against whoever is on show now.
            for (const item of outbox) {
              if (item.state === "queued" || (first && item.state === "sent")) deliver(item);
              else if (item.state === "sent" && mismatch(item)) settle(item.id, "refused", mismatch(item));
            }
            keep(); render();
          } else if (message.type === "log") show(message.event);
          else if (message.type === "ack") settle(message.id, "saved");
          else if (message.type === "refused") settle(message.id, "refused", message.reason);
        }
        function connect() {
          socket = new WebSocket((location.protocol === "https:" ? "wss://" : "ws://") + location.host + "/live?token=" + encodeURIComponent(token));
          socket.onopen = () => { stale = false; connection = "live"; render(); };
          socket.onclose = () => {
            // Once the address is known to be out of date it says so steadily while retrying.
            live = false; if (!stale) connection = "reconnecting…"; render();
            // A program that answers but refuses this page's token was started again (a
            // resume prints a new address): say so, rather than reconnect for ever in silence.
            fetch("/?token=" + encodeURIComponent(token), { cache: "no-store" }).then(r => {
              if (r.status === 403 && !live) {
                stale = true;
                connection = "this address is out of date: the program started again with a new one (it printed it); open that, and what waits here is sent from there";
                render();
              }
            }).catch(() => {});
            setTimeout(connect, 1000);
          };
          socket.onmessage = m => receive(JSON.parse(m.data));
        }
        document.querySelectorAll("button.marker").forEach(b => b.addEventListener("click", () => add(b.dataset.key)));
        // The field is emptied only once its text is in the outbox (shown there until saved).
        function addNote() { const text = $("note").value.trim(); if (text) { add("n", text); $("note").value = ""; } }
        $("add-note").addEventListener("click", addNote);
        $("all-events").addEventListener("change", () => {
          document.querySelectorAll("#ticker li[data-low=true]").forEach(li => { li.hidden = !$("all-events").checked; });
        });
        $("note").addEventListener("keydown", e => { if (e.key === "Enter") addNote(); });
        document.addEventListener("keydown", e => {
          if (e.target === $("note")) return;
          const k = e.key.toLowerCase();
          if (k === "m" || (k >= "1" && k <= "9" && $("marker-" + k))) add(k);
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
        render();
        connect();
        refresh();
        """##
}
