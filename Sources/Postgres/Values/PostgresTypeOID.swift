/// The type OIDs of the built-in PostgreSQL types this module binds and
/// decodes (from `pg_type`; fixed across server versions).
public struct PostgresTypeOID: RawRepresentable, Hashable, Sendable {
    /// The OID as the server sends it.
    public let rawValue: UInt32
    /// A type from its OID.
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// Lets the server infer the parameter's type from its use.
    public static let unspecified = PostgresTypeOID(rawValue: 0)
    /// The `bool` type.
    public static let bool = PostgresTypeOID(rawValue: 16)
    /// The `bytea` type.
    public static let bytea = PostgresTypeOID(rawValue: 17)
    /// The one-byte `"char"` type.
    public static let char = PostgresTypeOID(rawValue: 18)
    /// The `name` type.
    public static let name = PostgresTypeOID(rawValue: 19)
    /// The `int8` type.
    public static let int8 = PostgresTypeOID(rawValue: 20)
    /// The `int2` type.
    public static let int2 = PostgresTypeOID(rawValue: 21)
    /// The `int4` type.
    public static let int4 = PostgresTypeOID(rawValue: 23)
    /// The `text` type.
    public static let text = PostgresTypeOID(rawValue: 25)
    /// The `json` type.
    public static let json = PostgresTypeOID(rawValue: 114)
    /// The `float4` type.
    public static let float4 = PostgresTypeOID(rawValue: 700)
    /// The `float8` type.
    public static let float8 = PostgresTypeOID(rawValue: 701)
    /// The `unknown` type.
    public static let unknown = PostgresTypeOID(rawValue: 705)
    /// The `bool[]` type.
    public static let boolArray = PostgresTypeOID(rawValue: 1000)
    /// The `bytea[]` type.
    public static let byteaArray = PostgresTypeOID(rawValue: 1001)
    /// The `int2[]` type.
    public static let int2Array = PostgresTypeOID(rawValue: 1005)
    /// The `int4[]` type.
    public static let int4Array = PostgresTypeOID(rawValue: 1007)
    /// The `text[]` type.
    public static let textArray = PostgresTypeOID(rawValue: 1009)
    /// The `varchar[]` type.
    public static let varcharArray = PostgresTypeOID(rawValue: 1015)
    /// The `int8[]` type.
    public static let int8Array = PostgresTypeOID(rawValue: 1016)
    /// The `float4[]` type.
    public static let float4Array = PostgresTypeOID(rawValue: 1021)
    /// The `float8[]` type.
    public static let float8Array = PostgresTypeOID(rawValue: 1022)
    /// The `char(n)` (bpchar) type.
    public static let bpchar = PostgresTypeOID(rawValue: 1042)
    /// The `varchar` type.
    public static let varchar = PostgresTypeOID(rawValue: 1043)
    /// The `timestamptz` type.
    public static let timestamptz = PostgresTypeOID(rawValue: 1184)
    /// The `timestamptz[]` type.
    public static let timestamptzArray = PostgresTypeOID(rawValue: 1185)
    /// The `uuid` type.
    public static let uuid = PostgresTypeOID(rawValue: 2950)
    /// The `uuid[]` type.
    public static let uuidArray = PostgresTypeOID(rawValue: 2951)
    /// The `jsonb` type.
    public static let jsonb = PostgresTypeOID(rawValue: 3802)

    /// Types whose binary form is their UTF-8 text. User-defined types
    /// (OID 16384 and up) count too: in Baton these are enums such as a job's
    /// state, whose binary form is the label.
    var isTextual: Bool {
        [.text, .varchar, .bpchar, .name, .char, .unknown, .json].contains(self) || rawValue >= 16384
    }

    /// The array types whose binary form ``PostgresArray`` reads: one per
    /// element type this module decodes.
    var isArray: Bool {
        [
            .boolArray, .byteaArray, .int2Array, .int4Array, .int8Array, .textArray, .varcharArray, .float4Array, .float8Array,
            .timestamptzArray, .uuidArray,
        ].contains(self)
    }
}
