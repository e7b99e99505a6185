import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The ranges the configuration's values must keep, checked when a file is loaded so a typo
/// ("trackHeight": -48) is named in a banner rather than drawn as a broken screen.
extension TactileConfiguration {
    /// Every value out of its range, each naming its key: the one check `config --check`, the
    /// start and every live reload run. Numbers keep their section's `ranges`; the rest are each
    /// section's rules between keys and on text (`ConfigurationSection.problems()`), sections in
    /// the order of their keys.
    public func problems() -> [ConfigurationError] {
        var out: [ConfigurationError] = []
        var ranges: [String: ConfigurationRange] = [:]
        for (key, section) in storedSections {
            for (inner, range) in type(of: section).ranges { ranges["\(key).\(inner)"] = range }
        }
        for (path, value) in numericValues() {
            guard let range = ranges[Self.rangeKey(of: path)] else {
                out.append(.init(key: path, "has no documented range (a setting added without one)"))
                continue
            }
            if !range.contains(value) { out.append(.init(key: path, "must be \(range.text), not \(ConfigurationRange.format(value))")) }
        }
        for (_, section) in storedSections { out += section.problems() }
        return out
    }

    /// Whether `host` is an address a server can listen on: "localhost", or an IPv4 or IPv6
    /// address as inet_pton reads it ("127.0.0.1:80" is not: the port has its own key).
    public static func isListeningAddress(_ host: String) -> Bool {
        if host == "localhost" { return true }
        // A C string ends at its first NUL: "127.0.0.1\u{0}x" would read as the first part.
        guard !host.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }), host.utf8.count <= 64 else { return false }
        var v4 = in_addr(), v6 = in6_addr()
        return inet_pton(AF_INET, host, &v4) == 1 || inet_pton(AF_INET6, host, &v6) == 1
    }

    /// A problem for each of the settings (dotted key, value) that is no usable path: longer than
    /// 4,096 bytes or holding a NUL.
    public static func pathProblems(_ settings: [(key: String, path: String)]) -> [ConfigurationError] {
        settings.filter { $0.path.utf8.count > 4096 || $0.path.contains("\0") }.map { .init(key: $0.key, "must be a path of at most 4,096 bytes") }
    }
}
