import Foundation

/// The observer page: one self-contained HTML file (no script or style fetched from anywhere).
/// It opens the `/live` WebSocket with the page's own token, shows the state and a ticker of the
/// log, refreshes the picture every second (the next request only once the last arrived), and
/// sends markers (the buttons, or M and 1–9 on the keyboard) and notes back.
///
/// Nothing an observer sends is dropped: each marker and note goes into the page's outbox (on
/// screen, and in the browser's `localStorage`, so a reload keeps it) with an id, the moment it
/// was made and the participant on show; it is sent when the socket is open (again after each
/// reconnect, with its age) and shown saved only once the program acknowledges it. One made for
/// a participant whose session ended is never given to the next: it is shown not saved, its
/// text left to copy, until dismissed.
enum ObserverPage {
    /// The page; `savedShownFor`: seconds a saved item stays in the outbox before it fades.
    static func html(markers: [String: String], savedShownFor: Double = 5) -> String {
        let buttons = (["m": "marker"].merging(markers) { a, _ in a }).sorted { $0.key == "m" ? true : $1.key == "m" ? false : $0.key < $1.key }
            .map { key, name in
                "<button class=\"marker\" data-key=\"\(key)\" data-name=\"\(escape(name))\" id=\"marker-\(key)\"><kbd>\(key.uppercased())</kbd> \(escape(name))</button>"
            }
            .joined(separator: "\n      ")
        return """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
            <title>Tactile observer</title>
            <style>
            \(style)
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
                <ul id="outbox"></ul>
                <label class="controls"><input type="checkbox" id="all-events"> Show every event (snaps, cues, gesture phases)</label>
                <ul id="ticker"></ul>
              </div>
            </main>
            <script>const savedShownFor = \(savedShownFor * 1000);</script>
            <script>
            \(script)
            </script>
            </body></html>

            """
    }

    static func escape(_ s: String) -> String {
        s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
            .replacingOccurrences(of: "\"", with: "&quot;")
    }
}
