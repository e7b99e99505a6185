import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import XCTest
import CSDL2
import TactileCore
import TactileStudy
import TactileSDL
@testable import TactileApp
import TactileHeadless

/// The study's live observer page in a real browser: `tactile study run` with the observer port
/// on, Debian's headless Chromium driven through chromedriver (the W3C WebDriver protocol),
/// a marker clicked and a note added on the page, and both found in the participant's log.
final class ObserverPageTests: XCTestCase {
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
            let deadline = Date().addingTimeInterval(seconds)
            while Date() < deadline {
                if (try script(js)) as? Bool == true { return true }
                usleep(100_000)
            }
            return false
        }

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

    func testAMarkerClickedInChromiumLandsInTheLogAndAWrongTokenGets403() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/chromium"), FileManager.default.isExecutableFile(atPath: "/usr/bin/chromedriver") else {
            throw XCTSkip("Debian's chromium and chromium-driver are not installed (Scripts/setup installs them)")
        }
        setenv("SDL_VIDEODRIVER", "dummy", 1)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tactile-observer-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let port = PrometheusScrapeTests.freePort(), driverPort = PrometheusScrapeTests.freePort()
        nonisolated(unsafe) var checks: [String: Bool] = [:]
        nonisolated(unsafe) var failure: String?

        _ = try StudyRun.run(
            study: StudyRunTests.exampleStudy.path, participant: "P01", out: folder.path, scale: 1, fill: false, fullscreen: false,
            size: nil, settings: Settings(), mediaDir: nil, observerPort: port
        ) { session, host, url in
            nonisolated(unsafe) let s = session, h = host
            Thread.detachNewThread {
                defer { WindowHostTests.quit() }
                do {
                    guard let url else { failure = "no observer URL"; return }
                    // The participant agrees (a click on the window), so their folder and log exist.
                    var waited = 0
                    while h.currentFrame == nil || s.elements.first(where: { $0.id == "study.agree" }) == nil, waited < 200 { usleep(50_000); waited += 1 }
                    guard let frame = h.currentFrame, let agree = s.elements.first(where: { $0.id == "study.agree" }) else {
                        failure = "no consent screen"; return
                    }
                    let x = frame.screen.x + agree.hitFrame.midX * frame.scale, y = frame.screen.y + agree.hitFrame.midY * frame.scale
                    WindowHostTests.push(SDL_MOUSEBUTTONDOWN, x: x, y: y)
                    usleep(80_000)
                    WindowHostTests.push(SDL_MOUSEBUTTONUP, x: x, y: y)
                    waited = 0
                    while s.stage == .consent, waited < 100 { usleep(50_000); waited += 1 }

                    // Without the token, or with a wrong one: 403.
                    let root = url.components(separatedBy: "?").first!
                    checks["no token 403"] = Self.status(root) == 403
                    checks["wrong token 403"] = Self.status(root + "?token=0123456789abcdef0123456789abcdef") == 403
                    checks["state 200"] = Self.status(url.replacingOccurrences(of: "/?token", with: "/state?token")) == 200

                    let driver = Process()
                    driver.executableURL = URL(fileURLWithPath: "/usr/bin/chromedriver")
                    driver.arguments = ["--port=\(driverPort)"]
                    driver.standardOutput = FileHandle.nullDevice
                    driver.standardError = FileHandle.nullDevice
                    try driver.run()
                    defer { driver.terminate(); driver.waitUntilExit() }
                    let web = WebDriver(port: driverPort)
                    waited = 0
                    while (try? web.call("GET", "/status")) == nil, waited < 100 { usleep(100_000); waited += 1 }
                    try web.start(profile: folder.appendingPathComponent("chromium").path)
                    defer { _ = try? web.call("DELETE", "/session/\(web.session)") }
                    try web.call("POST", "/session/\(web.session)/url", ["url": url])
                    checks["page shows the participant"] = try web.until("return document.getElementById('participant').textContent === 'P01'")
                    checks["page shows a picture"] = try web.until(
                        "return Number(document.body.dataset.frames || 0) >= 1 && document.getElementById('frame').naturalWidth > 0")
                    checks["page is live"] = try web.until("return document.getElementById('status').textContent === 'live'")
                    try web.click("#marker-2")
                    try web.type("#note", "looks for the trim handle")
                    try web.click("#add-note")
                    checks["marker in the ticker"] = try web.until("return !!document.querySelector('#ticker li[data-kind=marker]')")
                    checks["note in the ticker"] = try web.until(
                        "return Array.from(document.querySelectorAll('#ticker li')).some(li => li.textContent.includes('looks for the trim handle'))")
                    // Times for people, and low-level events out of the ticker until asked for (issue 31).
                    checks["seconds rounded"] = try web.until(
                        "return describe({kind: 'task.ended', task: 'trim', outcome: 'completed', seconds: 18.494706}) === 'task trim completed after 18.5 s'")
                    checks["low-level events hidden until asked for"] = try web.until(
                        "show({kind: 'snap', t: 3.14159}); const li = document.querySelector('#ticker li[data-kind=snap]');"
                            + " if (!li || !li.hidden || !li.textContent.startsWith('    3.1 s')) return false;"
                            + " document.getElementById('all-events').click(); return !li.hidden")
                } catch {
                    failure = "\(error)"
                }
            }
        }
        XCTAssertNil(failure)
        for (name, ok) in checks.sorted(by: { $0.key < $1.key }) { XCTAssertTrue(ok, name) }
        XCTAssertEqual(checks.count, 10)
        let log = try String(contentsOf: folder.appendingPathComponent("P01/study-log.jsonl"), encoding: .utf8)
        let markers = log.split(separator: "\n").filter { $0.contains("\"kind\":\"marker\"") }
        XCTAssertEqual(markers.count, 2, log)
        XCTAssertTrue(markers.contains { $0.contains("\"category\":\"error\"") && $0.contains("\"source\":\"observer\"") }, log)
        XCTAssertTrue(markers.contains { $0.contains("\"note\":\"looks for the trim handle\"") }, log)
    }
}
