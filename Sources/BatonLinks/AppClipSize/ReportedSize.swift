/// A size as an App Thinning Size Report writes it: `Zero KB`, `303 KB`,
/// `13.1 MB`, `1.2 GB` or `512 bytes`, in decimal units (1 MB is 1,000,000
/// bytes), read exactly into bytes with integer arithmetic.
public struct ReportedSize: Hashable, Sendable, Comparable {
    /// The size in bytes.
    public let bytes: Int64

    /// A size of `bytes`.
    public init(bytes: Int64) {
        self.bytes = bytes
    }

    /// Reads `text` (number, one space, unit). A fraction may have as many
    /// digits as the unit has powers of ten (three for KB), so the value is
    /// always a whole number of bytes.
    ///
    /// - Returns: nil when `text` is not such a size.
    public init?(parsing text: Substring) {
        let parts = text.split(separator: " ", omittingEmptySubsequences: false)
        guard parts.count == 2 else { return nil }
        let digits: Int
        switch parts[1] {
        case "bytes", "byte": digits = 0
        case "KB": digits = 3
        case "MB": digits = 6
        case "GB": digits = 9
        default: return nil
        }
        if parts[0] == "Zero" {
            bytes = 0
            return
        }
        let number = parts[0].split(separator: ".", omittingEmptySubsequences: false)
        guard number.count <= 2, let whole = number.first, !whole.isEmpty, whole.count <= 6,
            whole.allSatisfy(\.isASCIIDigit), let wholeValue = Int64(whole)
        else { return nil }
        let fraction = number.count == 2 ? number[1] : ""
        guard number.count == 1 || !fraction.isEmpty, fraction.count <= digits, fraction.allSatisfy(\.isASCIIDigit) else {
            return nil
        }
        var scale: Int64 = 1
        for _ in 0..<digits { scale *= 10 }
        var fractionScale = scale
        for _ in 0..<fraction.count { fractionScale /= 10 }
        bytes = wholeValue * scale + (Int64(fraction) ?? 0) * fractionScale
    }

    /// Megabytes as Apple states App Clip limits: 1 MB is 1,000,000 bytes.
    public static func megabytes(_ count: Int64) -> ReportedSize {
        ReportedSize(bytes: count * 1_000_000)
    }

    /// For people: `12.34 MB`, `567.8 KB` or `12 bytes`, negative for an overrun.
    public var text: String {
        let sign = bytes < 0 ? "-" : ""
        let magnitude = bytes.magnitude
        if magnitude >= 1_000_000 { return sign + Self.decimal(magnitude, unit: 1_000_000, places: 2) + " MB" }
        if magnitude >= 1000 { return sign + Self.decimal(magnitude, unit: 1000, places: 1) + " KB" }
        return sign + String(magnitude) + " bytes"
    }

    public static func < (lhs: ReportedSize, rhs: ReportedSize) -> Bool { lhs.bytes < rhs.bytes }

    /// `value / unit` rounded half up to `places` decimals, without floating
    /// point. The whole units and the remainder are scaled apart, so that no
    /// `Int64` size overflows (`value * scale` would from about 184 PB).
    private static func decimal(_ value: UInt64, unit: UInt64, places: Int) -> String {
        var scale: UInt64 = 1
        for _ in 0..<places { scale *= 10 }
        let scaled = value / unit * scale + (value % unit * scale + unit / 2) / unit
        let fraction = String(scaled % scale)
        return String(scaled / scale) + "." + String(repeating: "0", count: places - fraction.count) + fraction
    }
}

extension Character {
    /// `0` to `9` only, unlike `isNumber`, which also accepts other scripts' digits.
    var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
