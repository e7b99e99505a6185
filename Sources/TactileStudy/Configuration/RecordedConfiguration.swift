import Foundation
import TactileCore
import TactileKiosk

/// A configuration as a recorded session's `config.json` holds it: every section at the values
/// in use, the kiosk's PIN left out (recordings are made to be shared: only its length is kept).
/// It is made once where a session starts, so the recorders that write it carry the file and
/// never the settings themselves.
public struct RecordedConfiguration: Sendable, Equatable {
    /// The file's bytes (pretty-printed JSON, keys sorted).
    public let json: Data

    /// `configuration` as a session folder keeps it.
    public init(_ configuration: TactileConfiguration) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        json = try ConfigurationSchema.tactile.encode(configuration.withoutSecrets, with: encoder)
    }
}
