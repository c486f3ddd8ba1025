import CQREncode

/// An SVG QR code of a short text (an invite link), drawn by libqrencode.
///
/// libqrencode is thread-safe for encoding; the code is freed before return.
enum QRCodeSVG {
    /// The SVG of `text` with error correction M and a 4-module quiet zone,
    /// one `<path>` of unit squares; nil when libqrencode refuses the input.
    /// The path is digits and letters only, so escaping it as text keeps it as it is.
    static func svg(of text: String) -> HTML? {
        guard let code = QRcode_encodeString(text, 0, QR_ECLEVEL_M, QR_MODE_8, 1) else { return nil }
        defer { QRcode_free(code) }
        let width = Int(code.pointee.width)
        let modules = UnsafeBufferPointer(start: code.pointee.data, count: width * width)
        let quiet = 4
        let size = width + 2 * quiet
        var path = ""
        for row in 0..<width {
            for column in 0..<width where modules[row * width + column] & 1 == 1 {
                path += "M\(column + quiet) \(row + quiet)h1v1h-1z"
            }
        }
        return """
            <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 \(size) \(size)" shape-rendering="crispEdges">\
            <rect width="\(size)" height="\(size)" fill="#fff"/><path d="\(path)" fill="#000"/></svg>
            """
    }
}
