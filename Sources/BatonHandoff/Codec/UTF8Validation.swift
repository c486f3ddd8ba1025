/// Strict UTF-8 validation: overlong forms, surrogates and scalars above
/// U+10FFFF are invalid, as the Unicode standard requires.
enum UTF8Validation {
    static func isValid(_ bytes: [UInt8]) -> Bool {
        if bytes.allSatisfy({ $0 < 0x80 }) { return true }
        var iterator = bytes.makeIterator()
        var parser = Unicode.UTF8.ForwardParser()
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid: continue
            case .emptyInput: return true
            case .error: return false
            }
        }
    }
}
