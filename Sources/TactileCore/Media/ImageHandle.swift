/// Identifies an image the renderer can draw (a decoded frame, a thumbnail). A handle names one
/// picture for ever: new pixels get a new handle, so renderers may cache by handle.
public struct ImageHandle: Hashable, Sendable, Codable {
    public var id: Int
    public init(_ id: Int) { self.id = id }
}

/// Where renderers find the pixels behind image handles.
public protocol ImageStore: AnyObject {
    /// The picture behind `handle`, or nil when it was evicted (the next frame asks again).
    func image(for handle: ImageHandle) -> RGBAImage?
}
