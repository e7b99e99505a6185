import TactileCore

/// In-app latencies counted into bins, for the lab panel and `tactile report`: the bins'
/// lower edges are the same everywhere so a window's panel and a session's report read alike.
public enum LatencyHistogram {
    /// The lower edges of the bins, in milliseconds (the last bin is open): under half a 60 Hz
    /// frame, about a frame, two, three and more.
    public static let bins: [Double] = [0, 8, 12, 16, 20, 25, 33, 50]

    /// The bin labels: "<8", "8–12", …, "≥50".
    public static var labels: [String] {
        bins.indices.map { i in
            i == 0 ? "<\(Int(bins[1]))" : i == bins.count - 1 ? "≥\(Int(bins[i]))" : "\(Int(bins[i]))–\(Int(bins[i + 1]))"
        }
    }

    /// The bins' lower edges as short labels, for narrow cells: "0", "8", …, "50+".
    public static var edges: [String] { bins.indices.map { i in i == bins.count - 1 ? "\(Int(bins[i]))+" : "\(Int(bins[i]))" } }

    /// How many of `milliseconds` fall in each bin.
    public static func counts(_ milliseconds: [Double]) -> [Int] {
        var counts = [Int](repeating: 0, count: bins.count)
        for x in milliseconds { counts[bins.lastIndex { x >= $0 } ?? 0] += 1 }
        return counts
    }
}
