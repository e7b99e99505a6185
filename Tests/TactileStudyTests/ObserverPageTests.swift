import Foundation
import TactileAppTesting
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import XCTest
import TactileTestSupport
import CSDL2
import TactileCore
import TactileStudy
import TactileSDL
@testable import TactileApp
import TactileServer
import TactileHeadless

/// The study's live observer page in a real browser: `tactile study run` with the observer port
/// on, Debian's headless Chromium driven through chromedriver (the W3C WebDriver protocol),
/// markers clicked and notes added on the page, and each found in the participant's log exactly
/// once — also when the page was cut off from the program meanwhile, or reloaded.
final class ObserverPageTests: XCTestCase, RunsAlone {
    /// A W3C WebDriver session on chromedriver: just what the test needs.
    final class WebDriver {
        let base: String
        var session = ""
        init(port: Int) { base = "http://127.0.0.1:\(port)" }

        /// One WebDriver command through curl (chromedriver writes its headers without the space
        /// after the colon, which FoundationNetworking's parser refuses).
        @discardableResult
        func call(_ method: String, _ path: String, _ body: Any? = nil) throws -> Any? {
            let curl = Process()
            curl.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
            var arguments = ["-s", "-m", "60", "-X", method, base + path]
            if let body {
                arguments += [
                    "-H", "Content-Type: application/json", "--data-binary", String(decoding: try JSONSerialization.data(withJSONObject: body), as: UTF8.self),
                ]
            }
            curl.arguments = arguments
            let out = Pipe()
            curl.standardOutput = out
            curl.standardError = FileHandle.nullDevice
            try curl.run()
            let data = out.fileHandleForReading.readDataToEndOfFile()
            curl.waitUntilExit()
            guard curl.terminationStatus == 0 else {
                throw NSError(domain: "webdriver", code: Int(curl.terminationStatus), userInfo: [NSLocalizedDescriptionKey: "curl \(method) \(path) failed"])
            }
            let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
            if let value = object?["value"] as? [String: Any], let error = value["error"] as? String {
                throw NSError(domain: "webdriver", code: 1, userInfo: [NSLocalizedDescriptionKey: "\(error): \(value["message"] ?? "")"])
            }
            return object?["value"]
        }

        func start(profile: String) throws {
            let value =
                try call(
                    "POST", "/session",
                    [
                        "capabilities": [
                            "alwaysMatch": [
                                "browserName": "chrome",
                                "goog:chromeOptions": [
                                    "binary": "/usr/bin/chromium",
                                    "args": ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--user-data-dir=\(profile)"],
                                ],
                            ]
                        ]
                    ]) as? [String: Any]
            session = value?["sessionId"] as? String ?? ""
        }

        func script(_ js: String) throws -> Any? { try call("POST", "/session/\(session)/execute/sync", ["script": js, "args": []]) }

        /// Waits until `js` returns true (at most `seconds`).
        func until(_ js: String, seconds: Double = 20) throws -> Bool {
            var failure: Error?
            let held = Readiness.wait(timeout: seconds, poll: 0.1) {
                do { return try script(js) as? Bool == true } catch {
                    failure = error
                    return true
                }
            }
            if let failure { throw failure }
            return held
        }

        func go(_ url: String) throws { try call("POST", "/session/\(session)/url", ["url": url]) }

        func click(_ css: String) throws {
            let element = try call("POST", "/session/\(session)/element", ["using": "css selector", "value": css]) as? [String: Any]
            guard let id = element?.values.first as? String else { throw NSError(domain: "webdriver", code: 2) }
            try call("POST", "/session/\(session)/element/\(id)/click", [String: Any]())
        }

        func type(_ css: String, _ text: String) throws {
            let element = try call("POST", "/session/\(session)/element", ["using": "css selector", "value": css]) as? [String: Any]
            guard let id = element?.values.first as? String else { throw NSError(domain: "webdriver", code: 2) }
            try call("POST", "/session/\(session)/element/\(id)/value", ["text": text])
        }
    }

    static func status(_ url: String) -> Int {
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var code = 0
        URLSession.shared.dataTask(with: URL(string: url)!) { _, response, _ in
            code = (response as? HTTPURLResponse)?.statusCode ?? 0; done.signal()
        }.resume()
        done.wait()
        return code
    }

    /// What a test of the page is handed: the browser on the page, the page's server, its checks.
    final class Observed {
        let web: WebDriver
        let server: ObserverServer
        let url: String
        var checks: [String: Bool] = [:]
        init(web: WebDriver, server: ObserverServer, url: String) { self.web = web; self.server = server; self.url = url }

        /// Notes whether `js` comes true within `seconds`.
        func check(_ name: String, _ js: String, seconds: Double = 20) throws { checks[name] = try web.until(js, seconds: seconds) }

        /// The outbox item made last: its id and when it was made (the page's clock, ms).
        func lastItem() throws -> (id: String, at: Double) {
            let item = try web.script("const i = outbox[outbox.length - 1]; return [i.id, i.at];") as? [Any]
            return (item?.first as? String ?? "", item?.last as? Double ?? 0)
        }

        /// JS: whether the outbox shows the item `id` as `state`.
        static func shown(_ id: String, _ state: String) -> String {
            "const li = document.querySelector('#outbox li[data-id=\"\(id)\"]'); return !!li && li.dataset.state === '\(state)'"
        }
    }

    /// Runs P01 of the example study with the observer page on; once P01 has agreed, opens the
    /// page in headless Chromium and hands it to `live`. Then the window closes, and with the
    /// program's server gone the same page goes to `afterTheEnd`. Returns the checks made and
    /// P01's study log.
    func observe(
        _ live: @escaping (Observed) throws -> Void, afterTheEnd: ((Observed) throws -> Void)? = nil
    ) throws -> (
        checks: [String: Bool], log: String
    ) {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/chromium"), FileManager.default.isExecutableFile(atPath: "/usr/bin/chromedriver") else {
            throw XCTSkip("Debian's chromium and chromium-driver are not installed (Scripts/setup installs them)")
        }
        setenv("SDL_VIDEODRIVER", "dummy", 1)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tactile-observer-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let port = freePort(), driverPort = freePort()
        nonisolated(unsafe) var checks: [String: Bool] = [:]
        nonisolated(unsafe) var failure: String?
        nonisolated(unsafe) let live = live, afterTheEnd = afterTheEnd
        let ended = DispatchSemaphore(value: 0), finished = DispatchSemaphore(value: 0)

        _ = try StudyRun.run(
            study: exampleStudy.path, participant: "P01", out: folder.path, scale: 1, fill: false, fullscreen: false,
            size: nil, settings: Settings(), mediaDir: nil, observerPort: port
        ) { session, host, server in
            nonisolated(unsafe) let s = session, h = host
            Thread.detachNewThread {
                var closed = false
                defer {
                    if !closed { WindowInput.quit() }
                    finished.signal()
                }
                do {
                    guard let server, let url = server.pageURL else { failure = "no observer page"; return }
                    // The participant agrees (a click on the window), so their folder and log exist.
                    Readiness.wait(timeout: 10) { h.currentFrame != nil && s.elements.first(where: { $0.id == "study.agree" }) != nil }
                    guard let frame = h.currentFrame, let agree = s.elements.first(where: { $0.id == "study.agree" }) else {
                        failure = "no consent screen"; return
                    }
                    let x = frame.screen.x + agree.hitFrame.midX * frame.scale, y = frame.screen.y + agree.hitFrame.midY * frame.scale
                    WindowInput.click(at: Point(x: x, y: y), hold: 0.08, settle: 0)
                    Readiness.wait(timeout: 5) { s.stage != .consent }

                    let driver = Process()
                    driver.executableURL = URL(fileURLWithPath: "/usr/bin/chromedriver")
                    driver.arguments = ["--port=\(driverPort)"]
                    driver.standardOutput = FileHandle.nullDevice
                    driver.standardError = FileHandle.nullDevice
                    try driver.run()
                    defer { driver.terminate(); driver.waitUntilExit() }
                    let web = WebDriver(port: driverPort)
                    Readiness.wait(timeout: 10, poll: 0.1) { (try? web.call("GET", "/status")) != nil }
                    try web.start(profile: folder.appendingPathComponent("chromium").path)
                    defer { _ = try? web.call("DELETE", "/session/\(web.session)") }
                    try web.go(url)
                    let o = Observed(web: web, server: server, url: url)
                    defer { checks = o.checks }
                    try o.check("page shows the participant", "return document.getElementById('participant').textContent === 'P01'")
                    try o.check("page is live", "return document.getElementById('status').textContent === 'live'")
                    try live(o)
                    if let afterTheEnd {
                        WindowInput.quit()
                        closed = true
                        ended.wait()
                        try afterTheEnd(o)
                    }
                } catch {
                    failure = "\(error)"
                }
            }
        }
        ended.signal()
        XCTAssertEqual(finished.wait(timeout: .now() + 180), .success, "the browser's side of the test ended")
        XCTAssertNil(failure)
        let log = (try? String(contentsOf: folder.appendingPathComponent("P01/study-log.jsonl"), encoding: .utf8)) ?? ""
        return (checks, log)
    }

    /// The study log's markers, as objects.
    static func markers(in log: String) -> [[String: Any]] {
        log.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
            .filter { $0["kind"] as? String == "marker" }
    }

    /// POSTs `body` to `url`: the status and the answer's text.
    static func post(_ url: String, _ body: String) -> (status: Int, text: String) {
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var result = (0, "")
        var request = URLRequest(url: URL(string: url)!)
        request.httpMethod = "POST"
        request.httpBody = Data(body.utf8)
        URLSession.shared.dataTask(with: request) { data, response, _ in
            result = ((response as? HTTPURLResponse)?.statusCode ?? 0, data.map { String(decoding: $0, as: UTF8.self) } ?? "")
            done.signal()
        }.resume()
        done.wait()
        return result
    }

    func testAMarkerClickedInChromiumLandsInTheLogAndAWrongTokenGets403() throws {
        let (checks, log) = try observe { o in
            // Without the token, or with a wrong one: 403.
            let root = o.url.components(separatedBy: "?").first!
            o.checks["no token 403"] = Self.status(root) == 403
            o.checks["wrong token 403"] = Self.status(root + "?token=0123456789abcdef0123456789abcdef") == 403
            o.checks["state 200"] = Self.status(o.url.replacingOccurrences(of: "/?token", with: "/state?token")) == 200
            try o.check(
                "page shows a picture", "return Number(document.body.dataset.frames || 0) >= 1 && document.getElementById('frame').naturalWidth > 0")
            try o.web.click("#marker-2")
            try o.web.type("#note", "looks for the trim handle")
            try o.web.click("#add-note")
            try o.check("marker in the ticker", "return !!document.querySelector('#ticker li[data-kind=marker]')")
            try o.check(
                "note in the ticker",
                "return Array.from(document.querySelectorAll('#ticker li')).some(li => li.textContent.includes('looks for the trim handle'))")
            try o.check("both shown saved", "return Number(document.body.dataset.saved) === 2")
            // POST /marker with an id: taken once; sent again, answered with what became of it.
            let marker = o.url.replacingOccurrences(of: "/?token", with: "/marker?token")
            o.checks["POST /marker 202"] = Self.post(marker, #"{"id":"post-1","key":"m"}"#).status == 202
            try o.check(
                "POSTed marker in the ticker",
                "return !!document.querySelector('#ticker li[data-kind=marker]:not([hidden])') && Array.from(document.querySelectorAll('#ticker li')).filter(li => li.textContent.includes('marker marker')).length === 1"
            )
            let again = Self.post(marker, #"{"id":"post-1","key":"m"}"#)
            o.checks["POSTed again: 200, saved"] = again.status == 200 && again.text == #"{"type":"ack","id":"post-1"}"#
            // Times for people, and low-level events out of the ticker until asked for (issue 31).
            try o.check(
                "the feed's words shown",
                "show({kind: 'task.ended', t: 20, say: 'task trim completed after 18.5 s', group: 'task'});"
                    + " const li = document.querySelector('#ticker li[data-kind=\"task.ended\"]');"
                    + " return !!li && li.textContent.endsWith('task trim completed after 18.5 s') && li.className === 'task'")
            try o.check(
                "low-level events hidden until asked for",
                "show({kind: 'snap', t: 3.14159, low: true, say: 'snap'}); const li = document.querySelector('#ticker li[data-kind=snap]');"
                    + " if (!li || !li.hidden || !li.textContent.startsWith('    3.1 s')) return false;"
                    + " document.getElementById('all-events').click(); return !li.hidden")
            try o.check(
                "an event in a block shows the time in its video too",
                "show({kind: 'marker', category: 'error', source: 'observer', t: 77.31, blockT: 14.37, say: 'marker error (observer)'});"
                    + " const li = document.querySelector('#ticker li[data-kind=marker]');"
                    + " return !!li && li.textContent.startsWith('   77.3 s  (video 0:14.4)  marker error')")
        }
        for (name, ok) in checks.sorted(by: { $0.key < $1.key }) { XCTAssertTrue(ok, name) }
        XCTAssertEqual(checks.count, 15)
        let markers = Self.markers(in: log)
        XCTAssertEqual(markers.count, 3, log)
        XCTAssertEqual(markers.filter { $0["id"] as? String == "post-1" }.count, 1, log)
        XCTAssertTrue(markers.contains { $0["category"] as? String == "error" && $0["source"] as? String == "observer" && $0["id"] is String }, log)
        XCTAssertTrue(markers.contains { $0["note"] as? String == "looks for the trim handle" }, log)
        // Chromium ran on this machine: the study's log says where the page ran.
        XCTAssertTrue(log.split(separator: "\n").contains { $0.contains("\"kind\":\"observer.page\"") && $0.contains("\"local\":true") }, log)
    }

    func testWhatIsMadeWhileThePageIsCutOffIsSavedOnceOnReconnectAtTheMomentItWasMade() throws {
        nonisolated(unsafe) var made: [(id: String, at: Double)] = []
        let (checks, log) = try observe { o in
            // The program's server goes (as when the network between drops): the page says so.
            o.server.stop()
            try o.check("page sees the program go", "return document.getElementById('status').textContent.startsWith('reconnecting')")
            try o.web.click("#marker-2")
            made.append(try o.lastItem())
            try o.web.type("#note", "cannot find the trim handle")
            try o.web.click("#add-note")
            made.append(try o.lastItem())
            let queued =
                "const items = document.querySelectorAll('#outbox li[data-state=queued]'); return items.length === 2"
                + " && items[1].textContent.includes('cannot find the trim handle') && document.getElementById('note').value === ''"
                + " && document.getElementById('status').textContent.includes('2 waiting to be saved')"
            try o.check("both shown queued, the note's text in the outbox", queued)
            sleep(3)
            try o.check("still queued 3 s on", queued, seconds: 1)
            try o.server.start()
            for (n, item) in made.enumerated() { try o.check("item \(n) saved after the reconnect", Observed.shown(item.id, "saved")) }
            try o.check("status says nothing waits", "return document.getElementById('status').textContent === 'live'")
            // One made live, to compare times with.
            try o.web.click("#marker-m")
            made.append(try o.lastItem())
            try o.check("the live one saved", Observed.shown(made[2].id, "saved"))
        }
        for (name, ok) in checks.sorted(by: { $0.key < $1.key }) { XCTAssertTrue(ok, name) }
        XCTAssertEqual(checks.count, 9)
        XCTAssertEqual(made.count, 3)
        guard made.count == 3 else { return }
        let markers = Self.markers(in: log)
        var times: [Double] = []
        for item in made {
            let logged = markers.filter { $0["id"] as? String == item.id }
            XCTAssertEqual(logged.count, 1, "\(item.id) logged exactly once: \(log)")
            times.append((logged.first?["t"] as? Double) ?? Double.nan)
        }
        XCTAssertEqual(markers.count, 3, log)
        // On the study's clock they lie apart as they were clicked on the page's, not as delivered.
        XCTAssertEqual(times[1] - times[0], (made[1].at - made[0].at) / 1000, accuracy: 0.3, log)
        XCTAssertEqual(times[2] - times[0], (made[2].at - made[0].at) / 1000, accuracy: 0.3, log)
        let late = markers.filter { $0["id"] as? String != made[2].id }
        XCTAssertTrue(late.allSatisfy { ($0["queued"] as? Double ?? 0) >= 2.5 }, "a late one says how long it waited: \(log)")
        XCTAssertNil(markers.first { $0["id"] as? String == made[2].id }?["queued"], log)
        XCTAssertTrue(late.contains { $0["note"] as? String == "cannot find the trim handle" }, log)
    }

    func testAnItemLeftInTheOutboxIsSentAfterTheReloadAndOneResentIsNotLoggedTwice() throws {
        nonisolated(unsafe) var id = ""
        let (checks, log) = try observe { o in
            o.server.stop()
            try o.check("page sees the program go", "return document.getElementById('status').textContent.startsWith('reconnecting')")
            try o.web.click("#marker-m")
            id = try o.lastItem().id
            try o.check("shown queued", Observed.shown(id, "queued"))
            // The page goes while it waits, and comes back once the program is there again.
            try o.web.go("about:blank")
            try o.server.start()
            try o.web.go(o.url)
            try o.check("saved after the reload", Observed.shown(id, "saved"))
            try o.check("sent by the reloaded page", "return Number(document.body.dataset.sent) >= 1")
            // Its acknowledgement lost: the outbox still has it as sent when the page reloads.
            _ = try o.web.script(
                "const k = 'tactile.observer.outbox', s = JSON.parse(localStorage.getItem(k) || '[]');"
                    + " s.push({id: '\(id)', key: 'm', at: Date.now() - 1000, state: 'sent', participant: current.participant, study: current.study});"
                    + " localStorage.setItem(k, JSON.stringify(s)); location.reload(); return true")
            try o.check("shown saved again after the second reload", Observed.shown(id, "saved"))
        }
        for (name, ok) in checks.sorted(by: { $0.key < $1.key }) { XCTAssertTrue(ok, name) }
        XCTAssertEqual(checks.count, 7)
        XCTAssertFalse(id.isEmpty)
        XCTAssertEqual(Self.markers(in: log).filter { $0["id"] as? String == id }.count, 1, "logged exactly once: \(log)")
    }

    /// The review's case: after `--resume` (a new program, a new token) a page left on the old
    /// address said "reconnecting…" for ever. The program answers it with 403: the page says why.
    func testAPageWhoseTokenTheProgramNoLongerTakesSaysItsAddressIsOutOfDate() throws {
        let (checks, _) = try observe { o in
            let port = try XCTUnwrap(URLComponents(string: o.url)?.port)
            o.server.stop()
            let restarted = ObserverServer(feed: ObserverFeed(remembered: 10), host: "127.0.0.1", port: port, markers: [:], token: "0123456789abcdef")
            try restarted.start()
            try o.check(
                "says the address is out of date",
                "return document.getElementById('status').textContent.startsWith('this address is out of date')")
            restarted.stop()
            // The other server lets its port go as it shuts down: the program takes it back then.
            Readiness.wait(timeout: 5, poll: 0.1) { (try? o.server.start()) != nil }
            try o.check("live again with the program that takes it", "return document.getElementById('status').textContent === 'live'")
        }
        for (name, ok) in checks.sorted(by: { $0.key < $1.key }) { XCTAssertTrue(ok, name) }
        XCTAssertEqual(checks.count, 4, "the page's own two and these two")
    }

    func testANoteTypedAfterTheProgramEndedIsKeptVisiblyAsNotSaved() throws {
        let (checks, log) = try observe({ _ in }) { o in
            try o.check("page sees the program go", "return document.getElementById('status').textContent.startsWith('reconnecting')")
            try o.web.type("#note", "sighs at the last task")
            try o.web.click("#add-note")
            let id = try o.lastItem().id
            let kept =
                "const li = document.querySelector('#outbox li[data-id=\"\(id)\"]'); return !!li && li.dataset.state === 'queued'"
                + " && li.textContent.includes('sighs at the last task') && li.textContent.includes('not reachable')"
                + " && document.getElementById('status').textContent.includes('1 waiting to be saved')"
                + " && JSON.parse(localStorage.getItem('tactile.observer.outbox')).some(i => i.id === '\(id)')"
            try o.check("kept, shown waiting, in the browser's storage", kept)
            sleep(2)
            try o.check("still kept 2 s on", kept, seconds: 1)
            // The page finds the next participant's run: the note is not given to them.
            _ = try o.web.script("receive({type: 'state', state: {study: current.study, participant: 'P02', stage: 'consent'}}); return true")
            try o.check(
                "shown not saved, with why, its text to copy",
                "const li = document.querySelector('#outbox li[data-id=\"\(id)\"]'); return !!li && li.dataset.state === 'refused'"
                    + " && li.querySelector('.how').textContent === \"not saved: P01's session ended — copy the text\""
                    + " && li.querySelector('.what').textContent.includes('sighs at the last task')"
                    + " && document.getElementById('status').textContent.includes('1 not saved')")
            // Selected to copy, it stays selected while the page keeps trying to reconnect.
            _ = try o.web.script(
                "const r = document.createRange(); r.selectNodeContents(document.querySelector('#outbox li[data-id=\"\(id)\"] .what'));"
                    + " getSelection().removeAllRanges(); getSelection().addRange(r); return true")
            sleep(2)
            try o.check("its text stays selected", "return getSelection().toString().includes('sighs at the last task')", seconds: 1)
            try o.web.click("#outbox li[data-id=\"\(id)\"] button.dismiss")
            try o.check(
                "gone once dismissed",
                "return !document.querySelector('#outbox li[data-id=\"\(id)\"]')"
                    + " && !JSON.parse(localStorage.getItem('tactile.observer.outbox')).some(i => i.id === '\(id)')")
        }
        for (name, ok) in checks.sorted(by: { $0.key < $1.key }) { XCTAssertTrue(ok, name) }
        XCTAssertEqual(checks.count, 8)
        XCTAssertFalse(log.contains("sighs at the last task"), log)
    }
}
