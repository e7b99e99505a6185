import Foundation
import TactileCore

/// A kiosk's opening hours (`kiosk.schedule.monday` … `.sunday`) and its nightly restart
/// (`kiosk.restartAt`), on a week clock: time since Monday 00:00, local time. A day's hours are
/// "" (open all day), "closed", or ranges "09:00-18:00" or "09:00-12:30, 13:30-18:00".
public struct OpeningHours: Sendable, Hashable {
    static let day = Time.seconds(86_400), week = Time.seconds(7 * 86_400)

    /// Each day's open spans, in seconds since its midnight (nil: open all day).
    public let days: [[ClosedRange<Int>]?]
    /// The nightly restart's time of day in seconds, if any.
    public let restartAt: Int?

    /// The hours `settings` give; a day that cannot be read counts as open all day (`problems`
    /// names it: the configuration's rules refuse such a file before it gets here).
    public init(settings: TactileConfiguration.Kiosk) {
        let texts = settings.schedule.days.map(\.text)
        days = texts.map { (try? Self.parseDay($0)) ?? nil }
        restartAt = settings.restartAt.isEmpty ? nil : (try? Self.parseTime(settings.restartAt)).map { $0 }
    }

    /// Whether every day is open all day (the default: no schedule).
    public var alwaysOpen: Bool { days.allSatisfy { $0 == nil } }

    /// Whether the kiosk is open at `week` (time since Monday 00:00).
    public func isOpen(at week: Time) -> Bool {
        let (day, second) = Self.split(week)
        guard let spans = days[day] else { return true }
        return spans.contains { $0.contains(second) }
    }

    /// The next instant after `week` at which opening changes or the restart falls, within a week.
    public func nextChange(after week: Time) -> Time? {
        var times: [Time] = []
        let base = Time(ticks: week.ticks - Self.modulo(week.ticks, Self.week.ticks))
        for d in 0..<8 {
            let dayStart = base + Time(ticks: Self.day.ticks * Int64(d))
            let weekday = d % 7
            if let spans = days[weekday] {
                for span in spans {
                    times.append(dayStart + .seconds(span.lowerBound))
                    times.append(dayStart + .seconds(span.upperBound + 1))
                }
            }
            if let restartAt { times.append(dayStart + .seconds(restartAt)) }
        }
        return times.filter { $0 > week }.min()
    }

    /// Whether the restart time of day lies in (`from`, `to`].
    public func restartFalls(after from: Time, through to: Time) -> Bool {
        guard let restartAt, to > from else { return false }
        let base = Time(ticks: from.ticks - Self.modulo(from.ticks, Self.day.ticks))
        for d in 0...Int((to - from).ticks / Self.day.ticks) + 1 {
            let t = base + Time(ticks: Self.day.ticks * Int64(d)) + .seconds(restartAt)
            if t > from && t <= to { return true }
        }
        return false
    }

    /// The weekday (0 Monday … 6 Sunday) and the second of the day at `week`.
    static func split(_ week: Time) -> (Int, Int) {
        let s = modulo(week.ticks, Self.week.ticks) / Time.ticksPerSecond
        return (Int(s / 86_400), Int(s % 86_400))
    }

    static func modulo(_ a: Int64, _ b: Int64) -> Int64 { ((a % b) + b) % b }

    /// A day's text: nil for open all day, [] for closed, else its spans.
    public static func parseDay(_ text: String) throws -> [ClosedRange<Int>]? {
        let t = text.trimmingCharacters(in: .whitespaces)
        if t.isEmpty { return nil }
        if t.lowercased() == "closed" { return [] }
        return try t.split(separator: ",").map { part in
            let ends = part.split(separator: "-").map { $0.trimmingCharacters(in: .whitespaces) }
            guard ends.count == 2 else {
                throw HoursError("\"\(PrintableText.of(part.trimmingCharacters(in: .whitespaces), limit: 40))\" is not a span like 09:00-18:00")
            }
            let from = try parseTime(ends[0]), to = try parseTime(ends[1])
            guard to > from else { throw HoursError("\(ends[1]) must come after \(ends[0])") }
            return from...(to - 1)
        }
    }

    /// "HH:MM" (24:00 allowed as the end of a day) in seconds.
    public static func parseTime(_ text: String) throws -> Int {
        let p = text.split(separator: ":")
        guard p.count == 2, let h = Int(p[0]), let m = Int(p[1]), (0...24).contains(h), (0...59).contains(m), h * 60 + m <= 24 * 60 else {
            throw HoursError("\"\(PrintableText.of(text, limit: 40))\" is not a time like 09:30")
        }
        return (h * 60 + m) * 60
    }

    public struct HoursError: Error, CustomStringConvertible {
        public let description: String
        init(_ d: String) { description = d }
    }
}
