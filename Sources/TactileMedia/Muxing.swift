import CFFmpeg

/// Moves every packet an encoder has ready into the container, with timestamps rescaled from
/// the encoder's time base to the stream's. Shared by the video and audio encoders.
func writePendingPackets(
    from context: UnsafeMutablePointer<AVCodecContext>, using packet: UnsafeMutablePointer<AVPacket>,
    to format: UnsafeMutablePointer<AVFormatContext>, stream: UnsafeMutablePointer<AVStream>
) throws {
    while true {
        let rc = avcodec_receive_packet(context, packet)
        if rc == tactile_AVERROR_EAGAIN() || rc == tactile_AVERROR_EOF() { return }
        guard rc >= 0 else { throw MediaError("encoding", code: rc) }
        av_packet_rescale_ts(packet, context.pointee.time_base, stream.pointee.time_base)
        packet.pointee.stream_index = stream.pointee.index
        let w = av_interleaved_write_frame(format, packet)
        guard w >= 0 else { throw MediaError("writing a packet", code: w) }
    }
}

/// Opens `encoder` on `context` for `stream` of `format`: the global-header flag where the
/// container wants it, then the stream's parameters and time base from the opened encoder.
func openEncoder(
    _ context: UnsafeMutablePointer<AVCodecContext>, _ encoder: UnsafePointer<AVCodec>, named name: String,
    for stream: UnsafeMutablePointer<AVStream>, in format: UnsafeMutablePointer<AVFormatContext>
) throws {
    if format.pointee.oformat.pointee.flags & AVFMT_GLOBALHEADER != 0 { context.pointee.flags |= Int32(AV_CODEC_FLAG_GLOBAL_HEADER) }
    var rc = avcodec_open2(context, encoder, nil)
    guard rc >= 0 else { throw MediaError("opening the \(name) encoder", code: rc) }
    rc = avcodec_parameters_from_context(stream.pointee.codecpar, context)
    guard rc >= 0 else { throw MediaError("describing the stream", code: rc) }
    stream.pointee.time_base = context.pointee.time_base
}
