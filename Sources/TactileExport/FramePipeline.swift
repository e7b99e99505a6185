import Foundation
import TactileCore
import TactileMedia
import TactileSDL
import TactileUI
import TactileHeadless

/// Video export's frames drawn side by side: jobs (a frame's draw list and the pictures it
/// shows) go to worker threads, each with its own fonts and software canvas, and the encoder
/// thread takes the drawn frames back in order. At most `workers` frames are queued, drawn or
/// waiting to be encoded: `submit` blocks the replay when the encoder falls behind.
// Unchecked Sendable, safe: the queue, the drawn frames and the counters are read and written
// only while holding `condition`; each worker draws on a canvas no other thread touches.
final class FramePipeline: @unchecked Sendable {
    struct Job {
        var index: Int
        var list: DrawList
        var images: [ImageHandle: RGBAImage]
        /// When set, the frame is a decoded picture placed by the encoder, and `list` only what
        /// lies over it (drawn as a transparent layer within the placement's `layer`).
        var placed: Placement? = nil
        /// The frame shows what the one before showed (the same draw list): no worker draws it,
        /// and the encoder sends its last picture again.
        var repeatsLast = false
        /// The worker draws only where the frame differs from the last one it drew (a session
        /// video's frames follow one another; an export's placed layers do not).
        var incremental = false
    }

    /// Pictures the encoder places in the frame itself (under a black veil of `black`), and the
    /// part of the frame the layer drawn over them covers (nil: nothing is drawn over them).
    struct Placement {
        var pictures: [PlacedPicture]
        var black: Double
        var layer: PixelRect?
        /// The layer is the last frame's, pixel for pixel (the same overlays in the same
        /// place): the encoder lays that one again and no worker draws it.
        var reusesLastLayer = false
    }

    /// A frame ready for the encoder.
    enum Frame {
        /// Drawn whole, in RGBA.
        case drawn(RGBAImage)
        /// Decoded pictures in their places, and the layer over them with its corner at `layerRect`'s.
        case placed([PlacedPicture], black: Double, layer: RGBAImage?, layerRect: PixelRect?, reusesLastLayer: Bool)
        /// The frame before, again.
        case repeated
    }

    /// The pictures of one job, for a worker's renderer.
    final class JobImages: ImageStore {
        var images: [ImageHandle: RGBAImage] = [:]
        func image(for handle: ImageHandle) -> RGBAImage? { images[handle] }
    }

    private let condition = NSCondition()
    private var jobs: [Job] = []
    private var done: [Int: Frame] = [:]
    private var closed = false
    private var total: Int?
    private var error: Error?
    private let capacity: Int
    private var inFlight = 0
    private var encoderFinished = false
    private var workersRunning = 0
    private var canvases: [(canvas: OffscreenCanvas, store: JobImages)] = []
    /// Pixel buffers the encoder is done with, for the workers to draw the next frames into.
    private var spare: [[UInt8]] = []
    private let scale: Double
    private let background: Color

    /// Whether something failed (the replay stops submitting).
    var failed: Bool { condition.withLock { error != nil } }

    /// `queued`: frames in flight beyond one per worker (a worker draws on while the encoder is
    /// busy with a hard frame).
    init(workers: Int, width: Int, height: Int, scale: Double, background: Color, queued: Int = 0) throws {
        capacity = workers + max(0, queued)
        self.scale = scale; self.background = background
        // Fonts and canvases made here, one after another; each is then used by one thread only.
        for _ in 0..<workers {
            let fonts: Fonts, canvas: OffscreenCanvas
            do { fonts = try Fonts(); canvas = try OffscreenCanvas(width: width, height: height, fonts: fonts) } catch { throw CommandError("\(error)") }
            let store = JobImages()
            canvas.renderer.imageStore = store
            canvases.append((canvas, store))
        }
        workersRunning = canvases.count
        for (canvas, store) in canvases {
            let thread = Thread { [unowned self] in self.work(canvas, store) }
            thread.stackSize = 8 << 20
            thread.start()
        }
    }

    private func work(_ canvas: OffscreenCanvas, _ store: JobImages) {
        // What the canvas shows: the last list this worker drew whole (nil: something else).
        var shown: DrawList?
        while true {
            condition.lock()
            while jobs.isEmpty && !closed { condition.wait() }
            if jobs.isEmpty { workersRunning -= 1; condition.broadcast(); condition.unlock(); return }
            let job = jobs.removeFirst()
            let buffer = spare.popLast()
            condition.unlock()
            store.images = job.images
            let frame: Frame
            if job.repeatsLast {
                frame = .repeated
            } else if let placed = job.placed {
                var layer: RGBAImage?
                if let r = placed.layer, !placed.reusesLastLayer {
                    canvas.draw(job.list, scale: scale, clearColor: .clear, region: (r.x, r.y, r.width, r.height))
                    layer = canvas.capture(x: r.x, y: r.y, width: r.width, height: r.height)
                }
                frame = .placed(placed.pictures, black: placed.black, layer: layer, layerRect: placed.layer, reusesLastLayer: placed.reusesLastLayer)
                shown = nil
            } else {
                frame = .drawn(canvas.render(job.list, over: job.incremental ? shown : nil, scale: scale, clearColor: background, reusing: buffer))
                shown = job.list
            }
            store.images = [:]
            condition.lock()
            if case .drawn = frame {} else if let buffer { spare.append(buffer) }
            done[job.index] = frame
            condition.broadcast()
            condition.unlock()
        }
    }

    /// Queues a frame, waiting while `workers` are in flight.
    func submit(_ job: Job) {
        condition.lock()
        while inFlight >= capacity && error == nil { condition.wait() }
        inFlight += 1
        jobs.append(job)
        condition.broadcast()
        condition.unlock()
    }

    /// Starts the encoder thread: `encode` gets every frame in order.
    func startEncoding(_ encode: @escaping (Frame, Int) throws -> Void) {
        let thread = Thread { [unowned self] in
            var next = 0
            while true {
                condition.lock()
                while done[next] == nil && !(total.map { next >= $0 } ?? false) && error == nil { condition.wait() }
                guard let frame = done.removeValue(forKey: next), error == nil else { condition.unlock(); break }
                condition.unlock()
                do { try encode(frame, next) } catch {
                    condition.withLock {
                        self.error = error; condition.broadcast()
                    }
                    break
                }
                next += 1
                condition.withLock {
                    inFlight -= 1
                    // At most a buffer a worker is kept: more would only raise the peak.
                    if case let .drawn(image) = frame, spare.count < canvases.count { spare.append(image.pixels) }
                    condition.broadcast()
                }
            }
            condition.withLock {
                encoderFinished = true; condition.broadcast()
            }
        }
        thread.stackSize = 8 << 20
        thread.start()
    }

    /// No more frames after `frames`: waits for the workers and the encoder, rethrowing what failed.
    func finish(frames: Int) throws {
        condition.lock()
        total = frames
        closed = true
        condition.broadcast()
        while !encoderFinished || workersRunning > 0 { condition.wait() }
        let failure = error
        condition.unlock()
        if let failure { throw failure }
    }
}
