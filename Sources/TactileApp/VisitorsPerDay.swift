import Foundation

/// Counts kiosk visitors per local calendar day, for the service's status line.
final class VisitorsPerDay {
    private var day: DateComponents?
    private var count_ = 0
    private let calendar = Calendar.current

    /// Today's visitors so far.
    var today: Int {
        calendar.dateComponents([.year, .month, .day], from: Date()) == day ? count_ : 0
    }

    /// One more visitor now.
    func count(at date: Date = Date()) {
        let d = calendar.dateComponents([.year, .month, .day], from: date)
        if d != day { day = d; count_ = 0 }
        count_ += 1
    }
}
